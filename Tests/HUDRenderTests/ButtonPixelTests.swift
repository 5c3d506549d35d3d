import HUDCore
import Testing
@testable import HUDRender

/// MBProgressHUD's button on the pixels: a 1 pt pill border in the content
/// colour under the details, the inside clear, a faint fill when pressed,
/// at every scale and rotation; a press repaints the button alone.
@Suite struct ButtonPixelTests {
    static func configuration(button: String = "Cancel") -> HUDConfiguration {
        var c = HUDConfiguration.contrasting(.text)
        c.label.text = "Uploading"
        c.detailsLabel.text = "3 of 7"
        c.buttonTitle = button
        return c
    }

    static func pressed() -> HUDPresentation {
        var p = HUDPresentation.shown()
        p.buttonHighlighted = true
        return p
    }

    /// The button's own box: its device frame without the anti-aliasing pixel.
    static func box(_ canvas: TestCanvas) throws -> PixelRect {
        try #require(canvas.renderer.buttonFrame(id: 1)).insetBy(1)
    }

    @Test func sitsUnderTheDetailsWithTheLabelsSpacingAndGrowsTheBezel() throws {
        let with = try TestCanvas(Self.configuration())
        let without = try TestCanvas(Self.configuration(button: ""))
        #expect(without.renderer.buttonFrame(id: 1) == nil)
        let box = try Self.box(with)
        let details = try #require(with.renderer.textFrames(id: 1).details)
        #expect(box.y == details.maxY + 4, "4 pt under the details, as between labels")
        #expect(abs((box.x + box.maxX) - (details.x + details.maxX)) <= 1, "centred under the labels")
        let bezel = try #require(with.renderer.bezelFrame(id: 1)), plain = try #require(without.renderer.bezelFrame(id: 1))
        #expect(bezel.height == plain.height + box.height + 4)
        #expect(box.maxY == bezel.maxY - 20, "margin below the button")
        let frames = with.renderer.buttonFrames()
        #expect(frames[1].map { PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) } == box)
    }

    @Test func borderInTheContentColourInsideClearRoundEnds() throws {
        // Both pinned to the top, so the labels stay where they are; without
        // a button the button's top edge falls in the bezel's bottom margin.
        var c = Self.configuration()
        c.offset = HUDPoint(x: 0, y: -HUDConfiguration.maxOffset)
        let with = try TestCanvas(c)
        c.buttonTitle = ""
        let without = try TestCanvas(c)
        let box = try Self.box(with)
        let mid = box.y + box.height / 2, centre = box.x + box.width / 2
        // The straight top edge: black (content) with, white (bezel) without.
        for x in [centre, box.x + box.height / 2 + 2, box.maxX - box.height / 2 - 2] {
            #expect(with.luma(x, box.y) < 60, "border at \(x),\(box.y): \(with.luma(x, box.y))")
            #expect(without.luma(x, box.y) > 200, "no border without a button at \(x),\(box.y)")
            #expect(without.luma(x, box.y + 3) > 200 && with.luma(x, box.y + 3) > 240, "inside")
        }
        #expect(with.luma(centre, box.maxY - 1) < 60, "bottom edge")
        // Round ends: the left and right extremes at mid-height are border, the corners are not.
        #expect(with.luma(box.x, mid) < 100 && with.luma(box.maxX - 1, mid) < 100)
        #expect(with.luma(box.x, box.y) > 200 && with.luma(box.maxX - 1, box.maxY - 1) > 200, "fully round ends")
        // Inside, between border and title: the bezel's white, not the content colour.
        #expect(with.luma(centre, box.y + 3) > 240 && with.luma(box.x + 6, mid) > 240)
        // The title is drawn inside in the content colour.
        var dark = 0
        for y in (box.y + 4)..<(box.maxY - 4) { for x in (box.x + 8)..<(box.maxX - 8) where with.luma(x, y) < 100 { dark += 1 } }
        #expect(dark > 30, "title pixels: \(dark)")
    }

    @Test func pressedFillsTheInsideFaintly() throws {
        let up = try TestCanvas(Self.configuration())
        let down = try TestCanvas(Self.configuration(), presentation: Self.pressed())
        let box = try Self.box(up)
        let x = box.x + 6, y = box.y + box.height / 2
        #expect(up.luma(x, y) == 255)
        // Black at α 0.1 over white.
        #expect(abs(down.luma(x, y) - 229) <= 2, "pressed: \(down.luma(x, y))")
        // Outside the button nothing changed.
        let bezel = try #require(up.renderer.bezelFrame(id: 1))
        #expect(down.luma(bezel.x + 5, bezel.y + 5) == up.luma(bezel.x + 5, bezel.y + 5))
        #expect(down.luma(box.x - 2, y) == up.luma(box.x - 2, y))
    }

    @Test(arguments: [(1.0, ScreenRotation.none), (2.0, .none), (1.0, .clockwise90), (1.0, .upsideDown),
                      (2.0, .counterClockwise90), (1.5, .clockwise90)])
    func drawnAtEveryScaleAndRotation(scale: Double, rotation: ScreenRotation) throws {
        let w = rotation == .clockwise90 || rotation == .counterClockwise90 ? 480 : 640
        let h = w == 480 ? 640 : 480
        let canvas = try TestCanvas(Self.configuration(), width: w, height: h, scale: scale, rotation: rotation)
        let pressed = try TestCanvas(Self.configuration(), presentation: Self.pressed(), width: w, height: h, scale: scale, rotation: rotation)
        let box = try Self.box(canvas)
        let s = Int(scale.rounded(.down))
        // The long sides are straight border; a few points in is clear (or faint when pressed).
        let horizontal = box.width > box.height
        let mx = box.x + box.width / 2, my = box.y + box.height / 2
        let sides: [(Int, Int, Int, Int)] = horizontal
            ? [(mx, box.y, mx, box.y + 3 * s), (mx, box.maxY - 1, mx, box.maxY - 1 - 3 * s)]
            : [(box.x, my, box.x + 3 * s, my), (box.maxX - 1, my, box.maxX - 1 - 3 * s, my)]
        // At a fractional scale the 1 pt line straddles two pixels.
        let inward = horizontal ? (0, 1) : (1, 0)
        for (bx, by, ix, iy) in sides {
            let toCentre = (bx < mx || by < my) ? 1 : -1
            let edge = min(canvas.luma(bx, by), canvas.luma(bx + inward.0 * toCentre, by + inward.1 * toCentre))
            #expect(edge < (Double(s) == scale ? 90 : 140), "border at \(bx),\(by): \(edge)")
            #expect(canvas.luma(ix, iy) > 240, "inside at \(ix),\(iy): \(canvas.luma(ix, iy))")
            #expect(abs(pressed.luma(ix, iy) - 229) <= 3, "pressed at \(ix),\(iy): \(pressed.luma(ix, iy))")
        }
    }

    @Test(arguments: [ScreenRotation.none, .clockwise90, .upsideDown, .counterClockwise90])
    func aTouchOnTheDrawnButtonHitsItsFrame(rotation: ScreenRotation) throws {
        let canvas = try TestCanvas(Self.configuration(), width: 640, height: 640, scale: 2, rotation: rotation)
        let box = try Self.box(canvas)
        let frame = try #require(canvas.renderer.buttonFrames()[1])
        let g = canvas.renderer.geometry
        // The drawn button's centre pixel, mapped back, is inside the frame; a pixel beside the bezel is not.
        #expect(frame.contains(g.hudPoint(deviceX: Double(box.x + box.width / 2) + 0.5, deviceY: Double(box.y + box.height / 2) + 0.5)))
        #expect(!frame.contains(g.hudPoint(deviceX: 5.5, deviceY: 5.5)))
    }

    @Test func aPressRepaintsOnlyTheButton() throws {
        let geometry = try ScreenGeometry(pixelWidth: 320, pixelHeight: 240, scale: 1, rotation: .none)
        let c = Self.configuration()
        for style in [HUDBezelStyle.solidColor, .blur] {
            var config = c
            config.bezelStyle = style
            let renderer = HUDRenderer(geometry: geometry, backdrop: HUDBackdrop(color: .black))
            let pixels = try OwnedPixelBuffer(width: 320, height: 240, format: .xrgb8888)
            try renderer.render(TestCanvas.snapshot(config), into: pixels.buffer)
            let button = try #require(renderer.buttonFrame(id: 1))
            let down = renderer.update(to: TestCanvas.snapshot(config, Self.pressed()))
            #expect(!down.damage.rects.isEmpty)
            for r in down.damage.rects { #expect(button.contains(r), "\(style): \(r) outside the button \(button)") }
            try renderer.draw(into: pixels.buffer, region: down.damage)
            // The repaint of the button equals a full drawing of the pressed HUD.
            let full = try TestCanvas(config, presentation: Self.pressed())
            var differing = 0
            for y in 0..<240 { for x in 0..<320 where pixels.buffer.pixel(x: x, y: y) & 0xFFFFFF != full.buffer.pixel(x: x, y: y) & 0xFFFFFF {
                differing += 1
            } }
            #expect(differing == 0, "\(style): \(differing) pixels differ from a full redraw")
            let up = renderer.update(to: TestCanvas.snapshot(config))
            for r in up.damage.rects { #expect(button.contains(r)) }
            #expect(renderer.update(to: TestCanvas.snapshot(config)).damage.rects.isEmpty, "no change, no damage")
        }
    }

    @Test func notDrawnBeforeTheTextButByEitherPainter() throws {
        let geometry = try ScreenGeometry(pixelWidth: 320, pixelHeight: 240, scale: 1, rotation: .none)
        var c = HUDConfiguration.contrasting(.success)
        c.buttonTitle = "Cancel"
        let renderer = HUDRenderer(geometry: geometry, textLoading: .afterPrepareText)
        _ = renderer.update(to: TestCanvas.snapshot(c))
        #expect(renderer.buttonFrame(id: 1) == nil && renderer.buttonFrames().isEmpty, "no text engine yet: no button, as no labels")
        #expect(renderer.canDrawWithoutCairo)
        renderer.prepareText()
        _ = renderer.update(to: TestCanvas.snapshot(c))
        #expect(renderer.buttonFrame(id: 1) != nil)
        #expect(renderer.canDrawWithoutCairo, "the Swift painter draws the button, as it does labels")
    }
}
