import Glibc
import HUDCore
import Testing
@testable import HUDRender

/// Every mode against a committed PNG, with a tolerance that survives small
/// antialiasing and font differences. Regenerate with
/// `KIOSKHUD_REGENERATE_GOLDENS=1 swift test --filter GoldenImageTests`.
@Suite struct GoldenImageTests {
    static let directory: String = {
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return "Golden/" }
        return String(file[...slash]) + "Golden/"
    }()

    /// Share of pixels allowed to differ by more than 48 levels (text: 3 %).
    static let tolerance = 0.003

    static let names = ["spinner", "pie", "ring", "bar", "success", "failure", "text", "blur-stripes", "dimmed-solid", "rotated-90", "button"]

    /// (configuration, presentation, rotation, uses the stripes logo)
    static func scene(_ name: String) -> (HUDConfiguration, HUDPresentation, ScreenRotation, Bool) {
        var c = HUDConfiguration()
        var p = HUDPresentation.shown()
        var rotation = ScreenRotation.none
        var stripes = false
        switch name {
        case "spinner": c.mode = .indeterminate; p = .shown(spinnerPhase: 3.0 / 12)
        case "pie": c.mode = .determinate; p = .shown(progress: 0.3)
        case "ring": c.mode = .annularDeterminate; p = .shown(progress: 0.65)
        case "bar": c.mode = .determinateHorizontalBar; p = .shown(progress: 0.45)
        case "success": c.mode = .success
        case "failure": c.mode = .failure
        case "text": c.mode = .text; c.label.text = "Done 42%"
        case "button": c.mode = .indeterminate; c.label.text = "Sync"; c.buttonTitle = "Cancel"
        case "blur-stripes": c.mode = .success; c.bezelColor = HUDColor(white: 0.9, alpha: 0.3); stripes = true
        case "dimmed-solid":
            c.mode = .annularDeterminate; c.bezelStyle = .solidColor
            c.backgroundColor = HUDColor(white: 0, alpha: 0.5); p = .shown(progress: 0.25)
        default: c.mode = .annularDeterminate; p = .shown(progress: 0.4); rotation = .clockwise90
        }
        return (c, p, rotation, stripes)
    }

    func render(_ name: String) throws -> TestCanvas {
        let (c, p, rotation, stripes) = Self.scene(name)
        var logo: String?
        if stripes { logo = try TestFiles.writePNG(width: 200, height: 150) { x, _ in (x / 10) % 2 == 0 ? (250, 240, 40) : (20, 40, 120) } }
        defer { if let logo { unlink(logo) } }
        return try TestCanvas(c, presentation: p, width: 200, height: 150, rotation: rotation,
                              backdrop: HUDBackdrop(color: HUDColor(red: 0.19, green: 0.38, blue: 0.63), imagePath: logo))
    }

    @Test(arguments: names)
    func matchesItsGolden(name: String) throws {
        let canvas = try render(name)
        let path = Self.directory + name + ".png"
        if getenv("KIOSKHUD_REGENERATE_GOLDENS") != nil {
            try PNGFile.write(canvas.buffer, to: path)
            return
        }
        let golden: OwnedPixelBuffer
        do {
            golden = try PNGFile.read(path)
        } catch {
            Issue.record("no golden \(path) (\(error)); run with KIOSKHUD_REGENERATE_GOLDENS=1")
            return
        }
        try #require(golden.buffer.width == canvas.width && golden.buffer.height == canvas.height)
        var total = 0, far = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let p = canvas.buffer.pixel(x: x, y: y), q = golden.buffer.pixel(x: x, y: y)
                var worst = 0
                for shift: UInt32 in [0, 8, 16] {
                    let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                    total += d
                    worst = max(worst, d)
                }
                if worst > 48 { far += 1 }
            }
        }
        let pixels = canvas.width * canvas.height
        let mean = Double(total) / Double(pixels * 3)
        let allowed = name == "text" || name == "button" ? 0.03 : Self.tolerance
        #expect(Double(far) / Double(pixels) <= allowed, "\(name): \(far) pixels differ by more than 48")
        #expect(mean <= 3, "\(name): mean difference \(mean)")
    }

    @Test func theComparisonNoticesADifferentMode() throws {
        // The tolerance must not hide a wrong picture: a ring is not a pie.
        let ring = try render("ring"), pie = try render("pie")
        var far = 0
        for y in 0..<ring.height {
            for x in 0..<ring.width where abs(ring.luma(x, y) - pie.luma(x, y)) > 48 { far += 1 }
        }
        #expect(Double(far) / Double(ring.width * ring.height) > Self.tolerance * 2)
    }
}
