import Glibc
import HUDCore
import Testing
@testable import HUDRender

/// Indicators drawn to their geometry: the arc, pie and bar cover the
/// progress fraction; the spinner's lead spoke follows the phase.
@Suite struct IndicatorPixelTests {
    /// Samples a circle of `radius` device pixels around the indicator's
    /// centre, clockwise from 12 o'clock; true where the content colour is.
    func darkSamples(_ canvas: TestCanvas, radius: Double, count: Int = 360) throws -> [Bool] {
        let box = try #require(canvas.renderer.indicatorFrame(id: 1))
        let cx = Double(box.x) + Double(box.width) / 2, cy = Double(box.y) + Double(box.height) / 2
        return (0..<count).map { i in
            let a = (Double(i) + 0.5) / Double(count) * 2 * Double.pi
            let x = Int(cx + radius * sin(a)), y = Int(cy - radius * cos(a))
            return canvas.luma(x, y) < 128
        }
    }

    @Test(arguments: [0.0, 0.1, 0.25, 0.5, 0.8, 1.0])
    func ringArcCoversTheProgressFraction(progress: Double) throws {
        let canvas = try TestCanvas(.contrasting(.annularDeterminate), presentation: .shown(progress: progress), scale: 2)
        let dark = try darkSamples(canvas, radius: 17.5 * 2)
        let fraction = Double(dark.filter { $0 }.count) / Double(dark.count)
        // Round caps add 1 pt (1/17.5 rad, 0.9 % of a turn) at each end of the arc.
        let expected = progress == 0 || progress == 1 ? progress : progress + 0.018
        #expect(abs(fraction - expected) < 0.012, "ring covers \(fraction), progress \(progress)")
        if progress > 0.05 && progress < 0.95 {
            #expect(dark[Int(Double(dark.count) * progress / 2)])          // inside the arc
            #expect(!dark[Int(Double(dark.count) * (1 + progress) / 2)])   // outside it
        }
    }

    @Test(arguments: [0.0, 0.2, 0.5, 0.75, 1.0])
    func pieCoversTheProgressFraction(progress: Double) throws {
        let canvas = try TestCanvas(.contrasting(.determinate), presentation: .shown(progress: progress), scale: 2)
        let dark = try darkSamples(canvas, radius: 8 * 2)
        let fraction = Double(dark.filter { $0 }.count) / Double(dark.count)
        #expect(abs(fraction - progress) < 0.02, "pie covers \(fraction), progress \(progress)")
        // The outline is always drawn.
        let outline = try darkSamples(canvas, radius: 17.5 * 2)
        #expect(outline.filter { $0 }.count > 350)
    }

    @Test(arguments: [0.0, 0.1, 0.33, 0.5, 0.9, 1.0])
    func barFillWidthIsProportionalToProgress(progress: Double) throws {
        let canvas = try TestCanvas(.contrasting(.determinateHorizontalBar), presentation: .shown(progress: progress), scale: 2)
        let box = try #require(canvas.renderer.indicatorFrame(id: 1)).insetBy(1)   // the bar's own 240×20 px
        #expect(box.width == 240 && box.height == 20)
        let y = box.y + box.height / 2
        // Inside the border: 3 pt in from each end.
        let inner = (box.x + 6)..<(box.maxX - 6)
        let filled = inner.filter { canvas.luma($0, y) < 128 }.count
        let expected = Double(inner.count) * progress
        #expect(abs(Double(filled) - expected) <= 3, "filled \(filled) px of \(inner.count), progress \(progress)")
        // The border is there whatever the progress.
        #expect(canvas.luma(box.x + 1, y) < 128 && canvas.luma(box.maxX - 2, y) < 128)
    }

    @Test(arguments: [0, 3, 6, 9])
    func spinnerLeadSpokeFollowsThePhase(step: Int) throws {
        let canvas = try TestCanvas(.contrasting(.indeterminate),
                                    presentation: .shown(spinnerPhase: Double(step) / 12), scale: 2)
        let box = try #require(canvas.renderer.indicatorFrame(id: 1))
        let cx = Double(box.x) + Double(box.width) / 2, cy = Double(box.y) + Double(box.height) / 2
        let r = 37.0 * 0.36 * 2
        let lumas = (0..<12).map { k -> Int in
            let a = Double(k) / 12 * 2 * Double.pi
            return canvas.luma(Int(cx + r * sin(a)), Int(cy - r * cos(a)))
        }
        let darkest = lumas.indices.min { lumas[$0] < lumas[$1] }
        #expect(darkest == step, "spoke lumas \(lumas)")
        // Every spoke is drawn (darker than the bezel), fading behind the lead.
        #expect(lumas.allSatisfy { $0 < 230 })
        #expect(lumas[(step + 1) % 12] > lumas[step])
    }

    @Test func successAndFailureMarksDiffer() throws {
        let check = try TestCanvas(.contrasting(.success))
        let cross = try TestCanvas(.contrasting(.failure))
        let f = try #require(check.renderer.bezelFrame(id: 1))
        let cx = f.x + f.width / 2, cy = f.y + f.height / 2
        // The cross passes through the centre; the check mark does not.
        #expect(cross.luma(cx, cy) < 100)
        #expect(check.luma(cx, cy) > 150)
        // The check's short stroke is lower-left of centre.
        #expect(check.luma(cx - 6, cy + 5) < 128)
    }

    @Test func customImageIsDrawnAndSizesTheBezel() throws {
        let path = try TestFiles.writePNG(width: 24, height: 16) { _, _ in (255, 0, 0) }
        defer { unlink(path) }
        let canvas = try TestCanvas(.contrasting(.customImage(path: path)))
        #expect(canvas.update.problems.isEmpty)
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(f.width == 24 + 40 && f.height == 16 + 40)
        let c = canvas.rgb(f.x + f.width / 2, f.y + f.height / 2)
        #expect(c.r > 240 && c.g < 10 && c.b < 10)
    }

    @Test func missingCustomImageIsReportedOnceAndTheHUDStillShows() throws {
        var c = HUDConfiguration.contrasting(.customImage(path: "/nonexistent/logo.png"))
        c.label.text = "Still here"
        let canvas = try TestCanvas(c)
        #expect(canvas.update.problems == [.imageUnreadable(path: "/nonexistent/logo.png", reason: "No such file or directory")])
        #expect("\(canvas.update.problems[0])".contains("/nonexistent/logo.png"))
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(canvas.luma(f.x + 2, f.y + 2) > 200)
        #expect(canvas.renderer.textFrames(id: 1).label != nil)
        // Reported once, not every frame.
        let again = canvas.renderer.update(to: TestCanvas.snapshot(c))
        #expect(again.problems.isEmpty)
    }

    @Test func aFileThatIsNotAPNGIsReported() throws {
        let path = try TestFiles.writeText("not a png\n")
        defer { unlink(path) }
        let canvas = try TestCanvas(.contrasting(.customImage(path: path)))
        #expect(canvas.update.problems == [.imageUnreadable(path: path, reason: "not a PNG file")])
    }

    @Test func aFIFOInAnImagesPlaceIsRefusedWithoutWaiting() throws {
        let path = TestFiles.temporaryPath(".png")
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Opening a FIFO for reading blocks until a writer comes: this test
        // would hang here without O_NONBLOCK and the fstat check.
        let canvas = try TestCanvas(.contrasting(.customImage(path: path)))
        #expect(canvas.update.problems == [.imageUnreadable(path: path, reason: "a FIFO, not a PNG file")])
    }

    @Test func aHugePNGIsRefusedBeforeItIsDecoded() throws {
        // 33 bytes claiming 6000×6000: decoding would allocate 144 MB for it.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for v in [6000, 6000] { bytes += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        let path = try TestFiles.writeText(String(decoding: [], as: UTF8.self), suffix: ".png")
        defer { unlink(path) }
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let canvas = try TestCanvas(.contrasting(.customImage(path: path)))
        #expect(canvas.update.problems.count == 1)
        #expect("\(canvas.update.problems.first.map { "\($0)" } ?? "")".contains("6000×6000 pixels"))
    }

    @Test func anImageThatFailedIsShownOnceItsFileAppearsAndReReadWhenItChanges() throws {
        let path = TestFiles.temporaryPath(".png")
        defer { unlink(path) }
        let c = HUDConfiguration.contrasting(.customImage(path: path))
        let canvas = try TestCanvas(c)
        #expect(canvas.update.problems.count == 1)
        #expect(canvas.renderer.indicatorFrame(id: 1) == nil)
        // The same HUD, shown again after the file was created: drawn now.
        let red = try TestFiles.writePNG(width: 20, height: 20) { _, _ in (255, 0, 0) }
        #expect(rename(red, path) == 0)
        let shown = canvas.renderer.update(to: TestCanvas.snapshot(c))
        #expect(shown.problems.isEmpty)
        #expect(!shown.damage.isEmpty)
        try canvas.renderer.draw(into: canvas.buffer, region: DamageRegion([PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)]))
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        let centre = canvas.rgb(f.x + f.width / 2, f.y + f.height / 2)
        #expect(centre.r > 200 && centre.g < 40)
        // Replaced by a blue one at the same path: read again.
        let blue = try TestFiles.writePNG(width: 20, height: 20) { _, _ in (0, 0, 255) }
        #expect(rename(blue, path) == 0)
        _ = canvas.renderer.update(to: TestCanvas.snapshot(c))
        try canvas.renderer.draw(into: canvas.buffer, region: DamageRegion([PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)]))
        let after = canvas.rgb(f.x + f.width / 2, f.y + f.height / 2)
        #expect(after.b > 200 && after.r < 40)
    }

    @Test func decodedImagesStayWithinTheCacheBudget() throws {
        // Four 1600×1600 images, 10 MB each decoded: the oldest are dropped.
        var paths: [String] = []
        defer { for p in paths { unlink(p) } }
        let geometry = try ScreenGeometry(pixelWidth: 320, pixelHeight: 240, scale: 1, rotation: .none)
        let renderer = HUDRenderer(geometry: geometry)
        for i in 0..<4 {
            paths.append(try TestFiles.writePNG(width: 1600, height: 1600) { _, _ in (i * 60, 0, 0) })
            _ = renderer.update(to: TestCanvas.snapshot(.contrasting(.customImage(path: paths[i]))))
        }
        let held = renderer.images.values.reduce(0) { $0 + $1.bytes }
        #expect(held <= HUDRenderer.imageCacheBytes)
        #expect(renderer.images[paths[3]]?.image != nil, "the image on screen stays")
        #expect(renderer.images[paths[0]]?.image == nil, "the least recently used is dropped")
    }
}
