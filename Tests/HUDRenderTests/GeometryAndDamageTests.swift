import HUDCore
import Testing
@testable import HUDRender

@Suite struct GeometryAndDamageTests {
    @Test(arguments: [
        (ScreenRotation.none, (0.0, 0.0), (0.0, 0.0)),
        (.clockwise90, (0.0, 0.0), (400.0, 0.0)),
        (.upsideDown, (0.0, 0.0), (400.0, 300.0)),
        (.counterClockwise90, (0.0, 0.0), (0.0, 300.0)),
    ])
    func rotationMapsTheLogicalTopLeftCorner(rotation: ScreenRotation, logical: (Double, Double), device: (Double, Double)) throws {
        let g = try ScreenGeometry(pixelWidth: 400, pixelHeight: 300, rotation: rotation)
        let p = g.devicePoint(x: logical.0, y: logical.1)
        #expect(p.x == device.0 && p.y == device.1)
        // The far corner of the upright picture lands diagonally opposite.
        let far = g.devicePoint(x: g.logicalWidth, y: g.logicalHeight)
        #expect(far.x == 400 - device.0 && far.y == 300 - device.1)
    }

    @Test func sidewaysRotationSwapsTheLogicalSize() throws {
        let g = try ScreenGeometry(pixelWidth: 800, pixelHeight: 480, scale: 2, rotation: .clockwise90)
        #expect(g.logicalWidth == 240 && g.logicalHeight == 400)
        // The logical top-right corner is the buffer's bottom-right.
        let p = g.devicePoint(x: 240, y: 0)
        #expect(p.x == 800 && p.y == 480)
    }

    @Test func automaticScaleIsTwoOnlyOnHiDPIPanels() {
        #expect(ScreenGeometry.automaticScale(pixelWidth: 3840, pixelHeight: 2160) == 2)
        #expect(ScreenGeometry.automaticScale(pixelWidth: 1920, pixelHeight: 1080) == 1)
        #expect(ScreenGeometry.automaticScale(pixelWidth: 2560, pixelHeight: 1600, physicalWidthMillimetres: 286) == 2)
        #expect(ScreenGeometry.automaticScale(pixelWidth: 2560, pixelHeight: 1440, physicalWidthMillimetres: 600) == 1)
    }

    @Test func badGeometryIsAnError() {
        #expect(throws: RenderError.self) { try ScreenGeometry(pixelWidth: 0, pixelHeight: 10) }
        #expect(throws: RenderError.self) { try ScreenGeometry(pixelWidth: 10, pixelHeight: 10, scale: .nan) }
    }

    @Test func damageRegionMergesOverlapsAndStaysShort() {
        var r = DamageRegion()
        r.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        r.add(PixelRect(x: 5, y: 0, width: 10, height: 10))
        #expect(r.rects == [PixelRect(x: 0, y: 0, width: 15, height: 10)])
        r.add(PixelRect(x: 100, y: 100, width: 5, height: 5))
        #expect(r.rects.count == 2)
        for i in 0..<20 { r.add(PixelRect(x: i * 20, y: 300, width: 3, height: 3)) }
        #expect(r.rects.count <= DamageRegion.limit)
        #expect(r.bounds.contains(PixelRect(x: 380, y: 300, width: 3, height: 3)))
    }

    @Test func bufferTrackerRepaintsWhatChangedSinceEachBufferWasShown() {
        var t = BufferDamageTracker(bufferCount: 2, width: 100, height: 100)
        let full = PixelRect(x: 0, y: 0, width: 100, height: 100)
        #expect(t.regionToRepaint(buffer: 0).rects == [full])
        t.bufferRepainted(0)
        #expect(t.regionToRepaint(buffer: 0).isEmpty)
        #expect(t.regionToRepaint(buffer: 1).rects == [full])
        t.bufferRepainted(1)
        let a = PixelRect(x: 10, y: 10, width: 5, height: 5), b = PixelRect(x: 60, y: 60, width: 5, height: 5)
        t.frameChanged(DamageRegion([a]))
        t.bufferRepainted(0)                       // frame with change a drawn into buffer 0
        t.frameChanged(DamageRegion([b]))
        // Buffer 1 last showed the frame before a: it needs a and b; buffer 0 only b.
        #expect(Set(t.regionToRepaint(buffer: 1).rects) == [a, b])
        #expect(t.regionToRepaint(buffer: 0).rects == [b])
        t.invalidateAll()
        #expect(t.regionToRepaint(buffer: 0).rects == [full])
    }

    @Test func strideThatCannotHoldARowIsAClearError() throws {
        let owned = try OwnedPixelBuffer(width: 64, height: 8)
        let bad = PixelBuffer(base: owned.buffer.base, width: 64, height: 8, stride: 100)
        #expect(throws: RenderError.self) { try bad.validate() }
        do {
            try bad.validate()
        } catch {
            #expect("\(error)".contains("stride 100"))
        }
        let r = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: 64, pixelHeight: 8))
        _ = r.update(to: TestCanvas.snapshot(HUDConfiguration()))
        #expect(throws: RenderError.self) { try r.draw(into: bad, region: DamageRegion([PixelRect(x: 0, y: 0, width: 64, height: 8)])) }
        let small = try OwnedPixelBuffer(width: 32, height: 8)
        #expect(throws: RenderError.self) { try r.draw(into: small.buffer, region: DamageRegion()) }
    }
}
