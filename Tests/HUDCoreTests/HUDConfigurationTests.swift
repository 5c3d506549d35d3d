import HUDCore
import Testing

@Suite struct HUDConfigurationTests {
    @Test func defaultsAreMBProgressHUDs() {
        let c = HUDConfiguration()
        #expect(c.mode == .indeterminate)
        #expect(c.animation == .fade)
        #expect(c.bezelStyle == .blur)
        #expect(c.bezelColor == HUDColor(white: 0.8, alpha: 0.6))
        #expect(c.backgroundColor == .clear)
        #expect(c.contentColor == HUDColor(white: 0, alpha: 0.7))
        #expect(c.graceTime == .zero && c.minShowTime == .zero)
        #expect(c.removesWhenHidden == false)
        #expect(c.margin == 20)
        #expect(c.minSize == .zero && c.isSquare == false)
        #expect(c.offset == .zero)
        #expect(c.motionEffectEnabled == false && c.motionAmplitude == 10)
        #expect(c.progress == 0)
        #expect(c.cornerRadius == 5)
        #expect(c.label.font == HUDFont(size: 16, bold: true))
        #expect(c.detailsLabel.font == HUDFont(size: 12, bold: true))
        #expect(c.detailsLabel.maximumLines == 0)
    }

    @Test(arguments: [
        (0.5, 0.5), (-1.0, 0.0), (2.0, 1.0), (Double.infinity, 1.0), (-Double.infinity, 0.0), (Double.nan, 0.25),
    ])
    func progressIsClampedAndNaNIgnored(input: Double, stored: Double) {
        var c = HUDConfiguration()
        c.progress = 0.25
        c.progress = input
        #expect(c.progress == stored)
    }

    @Test func nonFiniteGeometryKeepsThePreviousValue() {
        var c = HUDConfiguration()
        c.margin = .nan
        #expect(c.margin == 20)
        c.margin = -4
        #expect(c.margin == 0)
        c.motionAmplitude = .infinity
        #expect(c.motionAmplitude == 10)
    }

    @Test func coloursAreClamped() {
        let c = HUDColor(red: 2, green: -1, blue: .nan, alpha: 0.5)
        #expect(c == HUDColor(red: 1, green: 0, blue: 0, alpha: 0.5))
    }
}
