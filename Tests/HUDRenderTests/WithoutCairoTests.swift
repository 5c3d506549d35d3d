import Glibc
import HUDCore
import Testing
@testable import HUDRender

/// Frames the Swift painter draws (every frame that needs nothing only Cairo
/// does) look like the Cairo ones: the same picture to within anti-aliasing,
/// mode by mode, labels and button included.
@Suite struct WithoutCairoTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var configuration: HUDConfiguration
        var presentation: HUDPresentation = .shown()
        var scale: Double = 1
        var rotation: ScreenRotation = .none
        var format: PixelFormat = .xrgb8888
        var backdrop = HUDBackdrop(color: .black)
        /// Share of bezel pixels that may differ by more than 6. Zoomed labels:
        /// Cairo samples the cached bezel image bilinearly, where the Swift
        /// painter samples the label's mask (edges a little different).
        var offShare = 1.0 / 40
        var description: String { name }
    }

    static func mode(_ m: HUDMode) -> HUDConfiguration {
        var c = HUDConfiguration()
        c.mode = m
        return c
    }

    static let cases: [Case] = {
        var solid = HUDConfiguration.contrasting(.indeterminate)
        solid.cornerRadius = 12
        var dimmed = mode(.annularDeterminate)
        dimmed.backgroundColor = HUDColor(red: 0.2, green: 0.1, blue: 0.4, alpha: 0.5)
        var bigCorners = mode(.determinateHorizontalBar)
        bigCorners.cornerRadius = 30
        var labelled = HUDConfiguration.contrasting(.annularDeterminate)
        labelled.label.text = "Updating firmware"
        labelled.detailsLabel.text = "Step 2 of 3"
        labelled.buttonTitle = "Cancel"
        var scripts = HUDConfiguration.contrasting(.success)
        scripts.label.text = "جارٍ تحديث البرنامج"
        scripts.detailsLabel.text = "กรุณาอย่าปิดเครื่อง"
        return [
            Case(name: "spinner", configuration: mode(.indeterminate)),
            Case(name: "spinner step 5, scale 2", configuration: mode(.indeterminate),
                 presentation: .shown(spinnerPhase: 5.0 / 12), scale: 2),
            Case(name: "solid spinner, radius 12", configuration: solid, backdrop: HUDBackdrop(color: .white)),
            Case(name: "pie 0.3", configuration: .contrasting(.determinate), presentation: .shown(progress: 0.3)),
            Case(name: "pie 0.8, scale 2", configuration: mode(.determinate), presentation: .shown(progress: 0.8), scale: 2),
            Case(name: "ring 0.6", configuration: .contrasting(.annularDeterminate), presentation: .shown(progress: 0.6)),
            Case(name: "ring 0.25 dimmed", configuration: dimmed, presentation: .shown(progress: 0.25),
                 backdrop: HUDBackdrop(color: HUDColor(red: 0.1, green: 0.5, blue: 0.3))),
            Case(name: "bar 0.5", configuration: .contrasting(.determinateHorizontalBar), presentation: .shown(progress: 0.5)),
            Case(name: "bar 0.9, radius 30, rotated 90", configuration: bigCorners, presentation: .shown(progress: 0.9),
                 rotation: .clockwise90),
            Case(name: "success", configuration: .contrasting(.success)),
            Case(name: "failure, upside down", configuration: .contrasting(.failure), rotation: .upsideDown),
            Case(name: "text mode", configuration: mode(.text)),
            Case(name: "fading in (alpha 0.4)", configuration: .contrasting(.indeterminate),
                 presentation: HUDPresentation(bezelAlpha: 0.4, bezelScale: 1, backgroundAlpha: 0.4, spinnerPhase: 0,
                                               progress: 0, parallaxOffset: HUDPoint(x: 0, y: 0))),
            Case(name: "zooming (scale 0.7)", configuration: .contrasting(.annularDeterminate),
                 presentation: HUDPresentation(bezelAlpha: 0.8, bezelScale: 0.7, backgroundAlpha: 1, spinnerPhase: 0,
                                               progress: 0.5, parallaxOffset: HUDPoint(x: 0, y: 0))),
            Case(name: "RGB565 ring", configuration: .contrasting(.annularDeterminate), presentation: .shown(progress: 0.4),
                 format: .rgb565),
            Case(name: "labels and button", configuration: labelled),
            Case(name: "labels and button, rotated 90, scale 2", configuration: labelled, scale: 2, rotation: .clockwise90),
            Case(name: "Arabic and Thai, upside down", configuration: scripts, rotation: .upsideDown),
            Case(name: "labels zooming (scale 0.8)", configuration: labelled,
                 presentation: HUDPresentation(bezelAlpha: 0.9, bezelScale: 0.8, backgroundAlpha: 1, spinnerPhase: 0,
                                               progress: 0.5, parallaxOffset: HUDPoint(x: 0, y: 0)), offShare: 1.0 / 8),
        ]
    }()

    @Test(arguments: cases)
    func matchesCairo(_ t: Case) throws {
        let width = 320, height = 240
        let geometry = try ScreenGeometry(pixelWidth: width, pixelHeight: height, scale: t.scale, rotation: t.rotation)
        let snapshot = TestCanvas.snapshot(t.configuration, t.presentation)
        let composed = HUDRenderer(geometry: geometry, backdrop: t.backdrop)
        let expected = try OwnedPixelBuffer(width: width, height: height, format: t.format)
        try composed.render(snapshot, into: expected.buffer)

        let plain = HUDRenderer(geometry: geometry, backdrop: t.backdrop)
        let got = try OwnedPixelBuffer(width: width, height: height, format: t.format)
        _ = plain.update(to: snapshot)
        #expect(plain.canDrawWithoutCairo)
        let drawn = try plain.drawWithoutCairo(into: got.buffer, region: DamageRegion([geometry.bounds]))
        #expect(drawn == plain.scenes.first?.drawnDevice)

        // Inside the bezel only anti-aliased edges may differ, and by little
        // (the 8-bit box blur drifts a level or so darker over a tinted
        // screen); outside it the screen colour is the same to within rounding.
        // A shape half a pixel off fails every case.
        let bezel = try #require(plain.scenes.first?.drawnDevice)
        #expect(bezel.width * bezel.height > 500, "\(t): the bezel covers only \(bezel)")
        var worst = 0, off = 0, total = 0, outside = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = expected.buffer.rgb(x: x, y: y), b = got.buffer.rgb(x: x, y: y)
                let d = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                guard bezel.contains(PixelRect(x: x, y: y, width: 1, height: 1)) else {
                    outside = max(outside, d)
                    continue
                }
                worst = max(worst, d)
                total += d
                if d > 6 { off += 1 }
            }
        }
        let area = bezel.width * bezel.height
        #expect(outside <= 1, "\(t): outside the bezel a pixel differs by \(outside)")
        #expect(worst <= 64, "\(t): a pixel differs by \(worst)")
        #expect(Double(off) <= Double(area) * t.offShare, "\(t): \(off) of \(area) bezel pixels differ by more than 6")
        #expect(total * 2 <= area * 3, "\(t): the mean difference in the bezel is \(Double(total) / Double(area))")
    }

    /// A label is one coverage mask drawn by either painter: inside its frame
    /// the two pictures differ by rounding only (Cairo's 8-bit blend against
    /// ours), at every quarter turn and scale. A label drawn a pixel off, or
    /// missing from one picture, differs by far more.
    @Test(arguments: [(1.0, ScreenRotation.none), (2.0, ScreenRotation.clockwise90), (1.5, ScreenRotation.upsideDown), (1.0, ScreenRotation.counterClockwise90)])
    func labelsAreTheSamePixelsFromEitherPainter(_ scale: Double, _ rotation: ScreenRotation) throws {
        let width = 480, height = 360
        let geometry = try ScreenGeometry(pixelWidth: width, pixelHeight: height, scale: scale, rotation: rotation)
        var c = HUDConfiguration.contrasting(.text)
        c.label.text = "Größe — 正在更新"
        c.detailsLabel.text = "جارٍ تحديث البرنامج الثابت"
        let snapshot = TestCanvas.snapshot(c)
        let composed = HUDRenderer(geometry: geometry)
        let expected = try OwnedPixelBuffer(width: width, height: height)
        try composed.render(snapshot, into: expected.buffer)
        let plain = HUDRenderer(geometry: geometry)
        let got = try OwnedPixelBuffer(width: width, height: height)
        _ = plain.update(to: snapshot)
        _ = try plain.drawWithoutCairo(into: got.buffer, region: DamageRegion([geometry.bounds]))
        let frames = plain.textFrames(id: 1)
        var ink = 0
        for frame in [try #require(frames.label), try #require(frames.details)] {
            var worst = 0
            for y in frame.y..<frame.maxY {
                for x in frame.x..<frame.maxX {
                    let a = expected.buffer.rgb(x: x, y: y), b = got.buffer.rgb(x: x, y: y)
                    worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                    if b.red < 100 { ink += 1 }
                }
            }
            #expect(worst <= 2, "scale \(scale), \(rotation): a label pixel differs by \(worst)")
        }
        #expect(ink > 200, "the labels have ink: \(ink) dark pixels")
    }

    /// Inside a rounded rectangle's `interior` the painter blends without
    /// evaluating distances; that must paint exactly what the distances paint,
    /// over a background that changes from pixel to pixel.
    @Test(arguments: [(1.0, ScreenRotation.none, PixelFormat.xrgb8888, 12.0), (2.0, .none, .xrgb8888, 30.0),
                      (1.0, .clockwise90, .xrgb8888, 0.0), (1.5, .upsideDown, .rgb565, 8.0)])
    func interiorFastPathPaintsWhatTheDistancesPaint(_ scale: Double, _ rotation: ScreenRotation,
                                                     _ format: PixelFormat, _ radius: Double) throws {
        let w = 160, h = 120, bpp = format.bytesPerPixel
        let geometry = try ScreenGeometry(pixelWidth: w, pixelHeight: h, scale: scale, rotation: rotation)
        func paint(_ shape: ShapeDistance) -> [UInt8] {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: w * h * bpp, alignment: 8)
            defer { memory.deallocate() }
            let buffer = PixelBuffer(base: memory, width: w, height: h, stride: w * bpp, format: format)
            let painter = CoveragePainter(buffer: buffer, geometry: geometry)
            for y in 0..<h {  // a background of bands, so the blend cache sees many pixels below
                painter.fill(PixelRect(x: 0, y: y, width: w, height: 1),
                             HUDColor(red: Double(y % 7) / 7, green: 0.3, blue: Double(y % 3) / 3))
            }
            painter.composite(shape, in: PixelRect(x: 0, y: 0, width: w, height: h),
                              color: HUDColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.7), alpha: 0.9)
            return Array(UnsafeRawBufferPointer(start: memory, count: w * h * bpp))
        }
        let rect = LayoutRect(x: 6.3, y: 5.7, width: geometry.logicalWidth - 14, height: geometry.logicalHeight - 12)
        let shape = ShapeDistance.roundedRect(rect, radius: radius)
        #expect(shape.interior != nil)
        let fast = paint(shape)
        let slow = paint(.union([shape]))  // no interior: every pixel by its distance
        let differing = zip(fast, slow).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
    }

    /// With Cairo missing (`markGraphicsUnavailable`), everything
    /// is drawn without them: stacked HUDs, a custom-image HUD (without its
    /// image, said once as a problem); a theme's logo that cannot be read is left out.
    @Test func withoutGraphicsLibrariesEverythingIsDrawnWithoutCairo() throws {
        let w = 320, h = 240
        let r = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: w, pixelHeight: h),
                            backdrop: HUDBackdrop(color: HUDColor(red: 0.2, green: 0.2, blue: 0.2),
                                                  imagePath: "/nonexistent/logo.png"),
                            textLoading: .afterPrepareText)
        r.markGraphicsUnavailable()
        var lower = HUDConfiguration.contrasting(.indeterminate)
        lower.offset = HUDPoint(x: -80, y: 0)
        var upper = HUDConfiguration.contrasting(.customImage(path: "/nonexistent/image.png"))
        upper.offset = HUDPoint(x: 80, y: 0)
        upper.label.text = "Label"
        let snapshot = HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: lower, presentation: .shown()),
                                                         HUDLayer(id: 2, configuration: upper, presentation: .shown())],
                                   nextChange: nil)
        let update = r.update(to: snapshot)
        #expect(update.problems.map(\.description) == ["cannot read image /nonexistent/logo.png: No such file or directory",
                                                        "custom image /nonexistent/image.png not drawn: Cairo could not be loaded"])
        #expect(r.update(to: snapshot).problems.isEmpty, "said once")
        #expect(r.canDrawWithoutCairo)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: w * h * 4, alignment: 8)
        defer { memory.deallocate() }
        let buffer = PixelBuffer(base: memory, width: w, height: h, stride: w * 4)
        let drawn = try #require(try r.drawWithoutCairo(into: buffer, region: DamageRegion([PixelRect(x: 0, y: 0, width: w, height: h)])))
        let a = try #require(r.bezelFrame(id: 1)), b = try #require(r.bezelFrame(id: 2))
        #expect(drawn.contains(a) && drawn.contains(b))
        #expect(r.textFrames(id: 2).label == nil, "no text engine yet (.afterPrepareText): no labels")
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) { let c = buffer.rgb(x: x, y: y); return (Int(c.red), Int(c.green), Int(c.blue)) }
        let background = pixel(2, 2)
        #expect(background == (51, 51, 51), "the backdrop colour, no logo")
        for bezel in [a, b] {
            let centre = pixel(bezel.x + 3, bezel.y + bezel.height / 2)
            #expect(centre != background, "bezel \(bezel) drawn")
        }
    }

    /// A theme's logo is on the first frame, before Cairo is loaded, and
    /// pixel for pixel what Cairo draws later (translucent edges over a
    /// coloured screen, every quarter turn), so the Cairo repaint changes nothing.
    @Test(arguments: [ScreenRotation.none, .clockwise90, .upsideDown, .counterClockwise90])
    func theLogoIsOnTheFirstFrameAsCairoDrawsIt(_ rotation: ScreenRotation) throws {
        let path = try TestFiles.writeARGB(width: 37, height: 21) { x, y in
            (x * 7 % 256, (x + y) * 9 % 256, y * 12 % 256, (x * 13 + y * 5) % 256)
        }
        defer { unlink(path) }
        let w = 320, h = 240
        let geometry = try ScreenGeometry(pixelWidth: w, pixelHeight: h, rotation: rotation)
        let backdrop = HUDBackdrop(color: HUDColor(red: 0.2, green: 0.4, blue: 0.6), imagePath: path, placement: .hudBelow)
        let snapshot = TestCanvas.snapshot(.contrasting(.indeterminate))
        let composed = HUDRenderer(geometry: geometry, backdrop: backdrop, textLoading: .afterPrepareText)
        let expected = try OwnedPixelBuffer(width: w, height: h)
        try composed.render(snapshot, into: expected.buffer)

        let plain = HUDRenderer(geometry: geometry, backdrop: backdrop, textLoading: .afterPrepareText)
        let got = try OwnedPixelBuffer(width: w, height: h)
        #expect(plain.update(to: snapshot).problems.isEmpty)
        #expect(plain.canDrawWithoutCairo)
        let drawn = try #require(try plain.drawWithoutCairo(into: got.buffer, region: DamageRegion([geometry.bounds])))
        let logo = try #require(plain.logoPlacement()?.device)
        #expect(logo.width * logo.height == 37 * 21)
        #expect(drawn.contains(logo), "the logo's pixels are repainted by the first Cairo frame")
        var differing = 0, coloured = 0
        for y in logo.y..<(logo.y + logo.height) {
            for x in logo.x..<(logo.x + logo.width) {
                let a = expected.buffer.rgb(x: x, y: y), b = got.buffer.rgb(x: x, y: y)
                if a.red != b.red || a.green != b.green || a.blue != b.blue { differing += 1 }
                if (a.red, a.green, a.blue) != (51, 102, 153) { coloured += 1 }
            }
        }
        #expect(coloured > 37 * 21 / 2, "the logo is not on Cairo's frame")
        #expect(differing == 0, "\(rotation): \(differing) logo pixels differ from Cairo's")
        // The bezel sits below the logo in both.
        #expect(plain.bezelFrame(id: 1) == composed.bezelFrame(id: 1))
    }

    @Test func refusesWhatNeedsCairo() throws {
        let geometry = try ScreenGeometry(pixelWidth: 200, pixelHeight: 150)
        let buffer = try OwnedPixelBuffer(width: 200, height: 150, format: .xrgb8888)
        // A logo at scale 2 needs Cairo's filtering.
        let path = try TestFiles.writePNG(width: 20, height: 10) { x, _ in (x * 12, 0, 0) }
        defer { unlink(path) }
        let logo = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: 200, pixelHeight: 150, scale: 2),
                               backdrop: HUDBackdrop(color: .black, imagePath: path))
        _ = logo.update(to: TestCanvas.snapshot(HUDConfiguration()))
        #expect(try logo.drawWithoutCairo(into: buffer.buffer, region: DamageRegion([geometry.bounds])) == nil)

        let two = HUDRenderer(geometry: geometry)
        _ = two.update(to: HUDSnapshot(time: .zero, layers: [
            HUDLayer(id: 1, configuration: HUDConfiguration(), presentation: .shown()),
            HUDLayer(id: 2, configuration: HUDConfiguration(), presentation: .shown()),
        ], nextChange: nil))
        #expect(!two.canDrawWithoutCairo)

        var labelled = HUDConfiguration()
        labelled.label.text = "Loading"
        let text = HUDRenderer(geometry: geometry)
        _ = text.update(to: TestCanvas.snapshot(labelled))
        #expect(text.isTextReady && text.canDrawWithoutCairo, "labels are the Swift painter's too")

        var image = HUDConfiguration()
        image.mode = .customImage(path: "/nonexistent.png")
        let custom = HUDRenderer(geometry: geometry)
        _ = custom.update(to: TestCanvas.snapshot(image))
        #expect(!custom.canDrawWithoutCairo)

        let wrongSize = try OwnedPixelBuffer(width: 100, height: 150, format: .xrgb8888)
        #expect(throws: RenderError.self) {
            try two.drawWithoutCairo(into: wrongSize.buffer, region: DamageRegion([geometry.bounds]))
        }
    }
}
