import Testing
import HUDCore
@testable import HUDKMS

@Test func spinnerAndLabelStackInACentredBezel() {
    var c = HUDConfiguration()
    c.label.text = "Loading"
    let l = BezelLayout(configuration: c, presentation: .shown(), screenWidth: 1280, screenHeight: 800,
                        labelSize: (60, 20), detailsSize: nil)
    // 37 + 4 + 20 tall content, 60 wide, margin 20 around.
    #expect(l.bezel.width == 100 && l.bezel.height == 101)
    #expect(l.bezel.midX == 640 && l.bezel.midY == 400)
    #expect(l.indicator.y == l.bezel.y + 20 && l.indicator.width == 37)
    #expect(l.label.y == l.indicator.y + 37 + 4)
    #expect(l.label.midX == 640)
}

@Test func labelsNotYetRenderedTakeNoRoom() {
    var c = HUDConfiguration()
    c.label.text = "Loading"
    let l = BezelLayout(configuration: c, presentation: .shown(), screenWidth: 800, screenHeight: 600,
                        labelSize: nil, detailsSize: nil)
    #expect(l.bezel.width == 77 && l.bezel.height == 77)
    #expect(l.label.width == 0)
}

@Test func offsetsPinToEdgesAndSizeRulesApply() {
    var c = HUDConfiguration()
    c.mode = .determinateHorizontalBar
    c.offset = HUDPoint(x: 0, y: HUDConfiguration.maxOffset)
    c.minSize = HUDSize(width: 200, height: 50)
    let l = BezelLayout(configuration: c, presentation: .shown(), screenWidth: 800, screenHeight: 600,
                        labelSize: nil, detailsSize: nil)
    #expect(l.indicator.width == 120 && l.indicator.height == 20)
    #expect(l.bezel.width == 200 && l.bezel.height == 60)
    #expect(l.bezel.y + l.bezel.height == 600 - 20)   // pinned to the bottom, margin kept
    c.isSquare = true
    let s = BezelLayout(configuration: c, presentation: .shown(), screenWidth: 800, screenHeight: 600,
                        labelSize: nil, detailsSize: nil)
    #expect(s.bezel.width == s.bezel.height)
}
