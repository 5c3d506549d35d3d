import Glibc
import HUDCore
import Testing
@testable import HUDRender

/// The blur bezel style blurs what lies under the bezel.
@Suite struct BlurTests {
    /// A logo whose left half is black and right half white, so a sharp
    /// vertical edge runs through the screen's centre, under the bezel.
    func edgeRow(style: HUDBezelStyle, method: BlurMethod = .downscaledBoxBlur) throws -> [Int] {
        let path = try TestFiles.writePNG(width: 200, height: 120) { x, _ in x < 100 ? (0, 0, 0) : (255, 255, 255) }
        defer { unlink(path) }
        var c = HUDConfiguration()
        c.mode = .text
        c.bezelStyle = style
        c.bezelColor = HUDColor(white: 1, alpha: 0)       // no tint: only the (blurred) backdrop shows
        c.minSize = HUDSize(width: 160, height: 60)
        var s = HUDRenderStyle()
        s.blurMethod = method
        let canvas = try TestCanvas(c, width: 320, height: 240, style: s,
                                    backdrop: HUDBackdrop(color: HUDColor(red: 0.5, green: 0, blue: 0), imagePath: path))
        #expect(canvas.update.problems.isEmpty)
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(f.x < 140 && f.maxX > 180)
        let y = f.y + f.height / 2
        return ((f.x + 4)..<(f.maxX - 4)).map { canvas.luma($0, y) }
    }

    @Test(arguments: BlurMethod.allCases)
    func aSharpEdgeUnderTheBezelBecomesAGradient(method: BlurMethod) throws {
        let blurred = try edgeRow(style: .blur, method: method)
        let between = blurred.filter { $0 > 25 && $0 < 230 }.count
        #expect(between >= 12, "only \(between) intermediate pixels: \(blurred)")
        // The gradient rises from dark to light.
        #expect(blurred.first! < 60 && blurred.last! > 195)
        for i in 1..<blurred.count { #expect(blurred[i] + 2 >= blurred[i - 1]) }
    }

    @Test func solidStyleLeavesTheEdgeSharp() throws {
        let sharp = try edgeRow(style: .solidColor)
        let between = sharp.filter { $0 > 25 && $0 < 230 }.count
        #expect(between <= 1, "\(sharp)")
        #expect(sharp.first! < 5 && sharp.last! > 250)
    }

    @Test func blurIsTintedWithTheBezelColour() throws {
        var c = HUDConfiguration()
        c.mode = .success
        c.bezelColor = HUDColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let canvas = try TestCanvas(c, backdrop: HUDBackdrop(color: HUDColor(red: 0, green: 0, blue: 1)))
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        let p = canvas.rgb(f.x + 3, f.y + f.height / 2)
        // Blurred uniform blue, half red over it.
        #expect(abs(p.r - 128) <= 3 && p.g == 0 && abs(p.b - 127) <= 3)
    }
}

@Suite struct ZoomedBlurTests {
    /// Mid-zoom, the blur inside the smaller bezel is the blur of what lies
    /// under it there: the same pixels as the bezel at rest shows at that place.
    @Test func zoomedBezelBlursWhatIsUnderItWhereItIs() throws {
        let path = try TestFiles.writePNG(width: 240, height: 160) { x, _ in (x / 40) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        defer { unlink(path) }
        var c = HUDConfiguration()
        c.mode = .text
        c.bezelColor = HUDColor(white: 1, alpha: 0)
        c.minSize = HUDSize(width: 200, height: 100)
        let backdrop = HUDBackdrop(color: .black, imagePath: path)
        let rest = try TestCanvas(c, width: 320, height: 240, backdrop: backdrop)
        var p = HUDPresentation.shown()
        p.bezelScale = 0.7
        let zoomed = try TestCanvas(c, presentation: p, width: 320, height: 240, backdrop: backdrop)
        let y = 120
        var worst = 0
        for x in 100..<220 { worst = max(worst, abs(rest.luma(x, y) - zoomed.luma(x, y))) }
        #expect(worst <= 3, "largest difference \(worst)")
        // And the zoomed bezel is smaller: outside it the stripes are sharp again.
        #expect(zoomed.luma(72, y) > 250 || zoomed.luma(72, y) < 5)
        #expect(rest.luma(72, y) > 5 && rest.luma(72, y) < 250)
    }
}
