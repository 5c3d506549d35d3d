import HUDCore
import Testing
@testable import HUDRender

/// Where the bezel lands, checked on the pixels.
@Suite struct LayoutPixelTests {
    let black = (r: 0, g: 0, b: 0)

    @Test func bezelIsCentredWithMarginInside() throws {
        let canvas = try TestCanvas(.contrasting(.success), width: 320, height: 240)
        let box = try #require(canvas.boundingBox(differingFrom: black))
        // 37 pt indicator + 20 pt margin on each side.
        #expect(box.width == 77 && box.height == 77)
        #expect(abs((box.x + box.maxX) - 320) <= 1)
        #expect(abs((box.y + box.maxY) - 240) <= 1)
        #expect(canvas.renderer.bezelFrame(id: 1) == box)
    }

    @Test(arguments: [
        (HUDPoint(x: 0, y: HUDConfiguration.maxOffset), "bottom"),
        (HUDPoint(x: 0, y: -HUDConfiguration.maxOffset), "top"),
        (HUDPoint(x: -HUDConfiguration.maxOffset, y: 0), "left"),
        (HUDPoint(x: HUDConfiguration.maxOffset, y: HUDConfiguration.maxOffset), "bottom-right"),
    ])
    func maxOffsetPinsTheBezelToThatEdgeKeepingTheMargin(offset: HUDPoint, edge: String) throws {
        var c = HUDConfiguration.contrasting(.success)
        c.offset = offset
        c.margin = 12
        let canvas = try TestCanvas(c, width: 320, height: 240)
        let box = try #require(canvas.boundingBox(differingFrom: black))
        switch edge {
        case "bottom": #expect(box.maxY == 240 - 12); #expect(abs(box.x + box.maxX - 320) <= 1)
        case "top": #expect(box.y == 12)
        case "left": #expect(box.x == 12); #expect(abs(box.y + box.maxY - 240) <= 1)
        default: #expect(box.maxX == 320 - 12 && box.maxY == 240 - 12)
        }
    }

    @Test func smallOffsetMovesTheBezelByThatMuch() throws {
        var c = HUDConfiguration.contrasting(.failure)
        c.offset = HUDPoint(x: 30, y: -20)
        let moved = try #require(try TestCanvas(c).boundingBox(differingFrom: black))
        let centred = try #require(try TestCanvas(.contrasting(.failure)).boundingBox(differingFrom: black))
        #expect(moved.x - centred.x == 30 && moved.y - centred.y == -20)
    }

    @Test func parallaxOffsetShiftsTheBezel() throws {
        var p = HUDPresentation.shown()
        p.parallaxOffset = HUDPoint(x: -7, y: 5)
        let moved = try #require(try TestCanvas(.contrasting(.success), presentation: p).boundingBox(differingFrom: black))
        let centred = try #require(try TestCanvas(.contrasting(.success)).boundingBox(differingFrom: black))
        #expect(moved.x - centred.x == -7 && moved.y - centred.y == 5)
    }

    @Test func minSizeAndSquareShapeTheBezel() throws {
        var c = HUDConfiguration.contrasting(.determinateHorizontalBar)
        let bar = try #require(try TestCanvas(c).boundingBox(differingFrom: black))
        #expect(bar.width == 160 && bar.height == 50)     // 120×10 bar + 2×20 margin
        c.isSquare = true
        let square = try #require(try TestCanvas(c).boundingBox(differingFrom: black))
        #expect(square.width == 160 && square.height == 160)
        c.isSquare = false
        c.minSize = HUDSize(width: 100, height: 120)
        let min = try #require(try TestCanvas(c).boundingBox(differingFrom: black))
        #expect(min.width == 160 && min.height == 120)
    }

    @Test func scaleTwoDoublesEverySize() throws {
        let canvas = try TestCanvas(.contrasting(.success), width: 640, height: 480, scale: 2)
        let box = try #require(canvas.boundingBox(differingFrom: black))
        #expect(box.width == 154 && box.height == 154)
        #expect(abs(box.x + box.maxX - 640) <= 1)
    }

    @Test(arguments: [(320, 240), (800, 480), (1920, 1080), (3840, 2160)])
    func anyScreenSizeDrawsACentredBezel(width: Int, height: Int) throws {
        let scale = ScreenGeometry.automaticScale(pixelWidth: width, pixelHeight: height)
        let canvas = try TestCanvas(.contrasting(.success), width: width, height: height, scale: scale)
        let frame = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(frame.width == Int(77 * scale))
        #expect(abs(frame.x + frame.maxX - width) <= 1 && abs(frame.y + frame.maxY - height) <= 1)
        let mid = canvas.rgb(frame.x + 2, frame.y + frame.height / 2)
        #expect(mid.r > 240 && mid.g > 240 && mid.b > 240)
        #expect(canvas.rgb(0, 0) == (0, 0, 0))
    }

    /// The HUD is pinned to the logical top-left; each rotation must put it
    /// in the buffer corner where the picture's top-left lands.
    @Test(arguments: [
        (ScreenRotation.none, "top-left"), (.clockwise90, "top-right"),
        (.upsideDown, "bottom-right"), (.counterClockwise90, "bottom-left"),
    ])
    func rotationPutsTheTopLeftHUDInTheRightCorner(rotation: ScreenRotation, corner: String) throws {
        var c = HUDConfiguration.contrasting(.success)
        c.offset = HUDPoint(x: -HUDConfiguration.maxOffset, y: -HUDConfiguration.maxOffset)
        c.margin = 10
        let canvas = try TestCanvas(c, width: 400, height: 300, rotation: rotation)
        let box = try #require(canvas.boundingBox(differingFrom: black))
        #expect(box.width == 57 && box.height == 57)
        switch corner {
        case "top-left": #expect(box.x == 10 && box.y == 10)
        case "top-right": #expect(box.maxX == 390 && box.y == 10)
        case "bottom-right": #expect(box.maxX == 390 && box.maxY == 290)
        default: #expect(box.x == 10 && box.maxY == 290)
        }
    }

    @Test func rotationTurnsTheContent() throws {
        // A bar is wide; on a sideways panel its bezel is tall in the buffer.
        let canvas = try TestCanvas(.contrasting(.determinateHorizontalBar), width: 300, height: 400, rotation: .clockwise90)
        let box = try #require(canvas.boundingBox(differingFrom: black))
        #expect(box.width == 50 && box.height == 160)
    }

    @Test func backgroundDimsTheWholeScreenByItsAlpha() throws {
        var c = HUDConfiguration.contrasting(.success)
        c.backgroundColor = HUDColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        var p = HUDPresentation.shown()
        p.backgroundAlpha = 0.5
        let canvas = try TestCanvas(c, presentation: p, backdrop: HUDBackdrop(color: HUDColor(red: 0, green: 0, blue: 1)))
        let corner = canvas.rgb(0, 0)
        // 25 % red over blue.
        #expect(abs(corner.r - 64) <= 2 && corner.g == 0 && abs(corner.b - 191) <= 2)
        let far = canvas.rgb(canvas.width - 1, canvas.height - 1)
        #expect(far == corner)
    }

    @Test func bezelAlphaAndScaleAreHonoured() throws {
        var p = HUDPresentation.shown()
        p.bezelAlpha = 0.5
        let faded = try TestCanvas(.contrasting(.success), presentation: p)
        let frame = try #require(faded.renderer.bezelFrame(id: 1))
        let mid = faded.rgb(frame.x + 3, frame.y + frame.height / 2)
        #expect(abs(mid.r - 128) <= 2)

        p = .shown()
        p.bezelScale = 0.5
        let zoomed = try TestCanvas(.contrasting(.success), presentation: p)
        let box = try #require(zoomed.boundingBox(differingFrom: black))
        #expect(abs(box.width - 39) <= 2 && abs(box.height - 39) <= 2)
        #expect(abs(box.x + box.maxX - 320) <= 1 && abs(box.y + box.maxY - 240) <= 1)
    }

    @Test func roundedCornersAreCut() throws {
        var c = HUDConfiguration.contrasting(.success)
        c.cornerRadius = 10
        let canvas = try TestCanvas(c)
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(canvas.luma(f.x, f.y) < 40)               // the corner pixel is outside the arc
        #expect(canvas.luma(f.x + 10, f.y) > 200)         // the top edge is inside
        #expect(canvas.luma(f.x + 1, f.y + 10) > 200)
    }

    @Test func argbBuffersAreDrawnToo() throws {
        let canvas = try TestCanvas(.contrasting(.success), format: .argb8888)
        let f = try #require(canvas.renderer.bezelFrame(id: 1))
        let p = canvas.buffer.pixel(x: f.x + 3, y: f.y + f.height / 2)
        #expect(p == 0xFFFF_FFFF)
        #expect(canvas.buffer.pixel(x: 0, y: 0) == 0xFF00_0000)
    }
}

/// Nonsense values from a caller are drawn as something sensible, never a crash.
@Suite struct AbsurdInputTests {
    @Test func absurdNumbersDoNotCrash() throws {
        var c = HUDConfiguration()
        c.label.text = String(repeating: "Very long label ", count: 200)
        c.detailsLabel.text = String(repeating: "wrapping details ", count: 500)
        c.label.font = HUDFont(size: 1e9)
        c.cornerRadius = .nan
        c.minSize = HUDSize(width: .infinity, height: -5)
        c.offset = HUDPoint(x: .nan, y: 1e300)
        var p = HUDPresentation.shown(progress: .nan, spinnerPhase: -3.7)
        p.bezelScale = .infinity
        p.bezelAlpha = .nan
        p.parallaxOffset = HUDPoint(x: .infinity, y: -.infinity)
        var s = HUDRenderStyle()
        s.blurRadius = .infinity
        s.indicatorSize = .nan
        s.maximumTextWidth = -1
        for mode in [HUDMode.indeterminate, .determinate, .annularDeterminate, .determinateHorizontalBar, .text,
                     .customImage(path: ""), .success] {
            c.mode = mode
            let canvas = try TestCanvas(c, presentation: p, width: 320, height: 240, style: s)
            #expect(canvas.renderer.bezelFrame(id: 1).map { !$0.isEmpty } == true)
        }
    }
}

/// 16-bit panels: the same picture in RGB565, and the fast spinner path copies 2-byte pixels.
@Suite struct RGB565Tests {
    @Test func rgb565MatchesXRGBWithinItsPrecision() throws {
        var c = HUDConfiguration()
        c.label.text = "Sixteen bits"
        let wide = try TestCanvas(c, backdrop: HUDBackdrop(color: HUDColor(red: 0.2, green: 0.4, blue: 0.6)))
        let narrow = try TestCanvas(c, backdrop: HUDBackdrop(color: HUDColor(red: 0.2, green: 0.4, blue: 0.6)), format: .rgb565)
        var worst = 0
        for y in stride(from: 0, to: 240, by: 3) {
            for x in stride(from: 0, to: 320, by: 3) {
                let a = wide.rgb(x, y), b = narrow.rgb(x, y)
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
            }
        }
        #expect(worst <= 12, "largest difference \(worst)")
    }

    @Test func spinnerStepsIn565MatchAFullRepaint() throws {
        let g = try ScreenGeometry(pixelWidth: 320, pixelHeight: 240)
        let incremental = HUDRenderer(geometry: g), whole = HUDRenderer(geometry: g)
        let a = try OwnedPixelBuffer(width: 320, height: 240, format: .rgb565)
        let b = try OwnedPixelBuffer(width: 320, height: 240, format: .rgb565)
        for step in 0..<14 {
            let snapshot = TestCanvas.snapshot(HUDConfiguration(), .shown(spinnerPhase: Double(step % 12) / 12))
            let u = incremental.update(to: snapshot)
            try incremental.draw(into: a.buffer, region: u.damage)
            whole.invalidateCaches()
            try whole.render(snapshot, into: b.buffer)
            var same = true
            for y in 0..<240 { for x in 0..<320 where a.buffer.pixel(x: x, y: y) != b.buffer.pixel(x: x, y: y) { same = false } }
            #expect(same, "step \(step)")
        }
    }
}
