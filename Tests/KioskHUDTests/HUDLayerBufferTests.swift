import KioskHUD
import Testing

/// Shows a HUD with a button on `stack`, draws the layer over the stack and
/// presses where the frame says the button is: whether the stack's button took it.
private func pressTheDrawnButton(_ stack: isolated HUDStack, _ layer: HUDLayerBuffer,
                                 pressed: ScreenInputTests.Log) throws -> (LayerFrame, Bool) {
    var c = HUDConfiguration()
    c.label.text = "Loading"
    c.buttonTitle = "Cancel"
    let hud = stack.showHUD(c, animated: false)
    stack.setButtonAction({ _ in pressed.count.withLock { $0 += 1 } }, for: hud)
    let frame = try layer.draw(stack)
    guard let button = frame.buttonFrames[hud.id] else { return (frame, false) }
    let middle = HUDPoint(x: button.x + button.width / 2, y: button.y + button.height / 2)
    let down = stack.pointerDown(at: middle)
    let up = stack.pointerUp(at: middle)
    return (frame, down && up)
}

/// `HUDLayerBuffer`: the HUDs alone over transparency, premultiplied; what
/// changed; the RGBA byte order. (libkioskhud's `kh_layer` over it: Tests/CAPI/layer.c.)
@Suite struct HUDLayerBufferTests {
    static let geometry = try! ScreenGeometry(pixelWidth: 320, pixelHeight: 240)

    static func snapshot(spinnerPhase: Double, button: Bool = true) -> HUDSnapshot {
        var c = HUDConfiguration()
        c.label.text = "Loading"
        c.bezelColor = HUDColor(red: 0.6, green: 0.1, blue: 0.3, alpha: 0.8)
        if button { c.buttonTitle = "Cancel" }
        return HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: c, presentation: .shown(spinnerPhase: spinnerPhase))],
                           nextChange: nil)
    }

    /// Every pixel as stored, row by row.
    static func pixels(_ layer: HUDLayerBuffer) -> [UInt32] {
        (0..<layer.height).flatMap { y in (0..<layer.width).map { x in layer.pixel(x: x, y: y) } }
    }

    /// How many pixels differ (a count, not two arrays of 76 800 in a failure).
    static func differences(_ a: [UInt32], _ b: [UInt32]) -> Int {
        a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : max(a.count, b.count)
    }

    @Test func aSpinnerStepRewritesItsBoxAloneAndEndsAsAFullDrawWould() throws {
        let layer = try HUDLayerBuffer(geometry: Self.geometry)
        let first = try layer.draw(Self.snapshot(spinnerPhase: 0))
        #expect(first.changed == [Self.geometry.bounds])
        let extent = try #require(first.extent)
        #expect(first.bezels.count == 1 && first.buttonFrames[1] != nil)
        // Transparent outside the extent; premultiplied everywhere.
        var notPremultiplied = 0, outside = 0
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                let p = layer.pixel(x: x, y: y), a = p >> 24
                if (p >> 16) & 0xFF > a || (p >> 8) & 0xFF > a || p & 0xFF > a { notPremultiplied += 1 }
                if (x < extent.x || y < extent.y || x >= extent.maxX || y >= extent.maxY) && p != 0 { outside += 1 }
            }
        }
        #expect(notPremultiplied == 0 && outside == 0)
        #expect(try layer.draw(Self.snapshot(spinnerPhase: 0)).changed.isEmpty)
        let step = try layer.draw(Self.snapshot(spinnerPhase: 1.0 / 12))
        #expect(!step.changed.isEmpty)
        #expect(step.changed.reduce(0) { $0 + $1.area } * 4 < extent.area)
        let whole = try HUDLayerBuffer(geometry: Self.geometry)
        _ = try whole.draw(Self.snapshot(spinnerPhase: 1.0 / 12))
        #expect(Self.differences(Self.pixels(layer), Self.pixels(whole)) == 0)
    }

    @Test func theRGBALayerIsTheARGBOneWithRedAndBlueSwapped() throws {
        let argb = try HUDLayerBuffer(geometry: Self.geometry)
        let rgba = try HUDLayerBuffer(geometry: Self.geometry, byteOrder: .rgba)
        for phase in [0, 1.0 / 12] {
            _ = try argb.draw(Self.snapshot(spinnerPhase: phase))
            _ = try rgba.draw(Self.snapshot(spinnerPhase: phase))
        }
        let swapped = Self.pixels(argb).map { p in p & 0xFF00_FF00 | (p >> 16) & 0xFF | (p & 0xFF) << 16 }
        #expect(Self.differences(Self.pixels(rgba), swapped) == 0)
        #expect(swapped.contains { ($0 & 0xFF) != ($0 >> 16) & 0xFF })
    }

    /// `draw(_:)` over a `HUDStack`: the stack learns where the drawn button is.
    @Test func drawingAStackHandsItTheButtons() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let stack = HUDStack(loop: loop)
        let layer = try HUDLayerBuffer(geometry: Self.geometry)
        let pressed = ScreenInputTests.Log()
        let (frame, took) = try await pressTheDrawnButton(stack, layer, pressed: pressed)
        #expect(frame.extent != nil && frame.buttonFrames.count == 1)
        #expect(took)
        #expect(pressed.count.withLock { $0 } == 1)
    }

    @Test func aHiddenHUDLeavesNothingAndNamesWhereItWas() throws {
        let layer = try HUDLayerBuffer(geometry: Self.geometry)
        let shown = try layer.draw(Self.snapshot(spinnerPhase: 0, button: false))
        let gone = try layer.draw(HUDSnapshot(time: .zero, layers: [], nextChange: nil))
        #expect(gone.extent == nil && gone.bezels.isEmpty)
        let extent = try #require(shown.extent)
        #expect(gone.changed.contains { $0.contains(extent) })
        #expect(Self.pixels(layer).allSatisfy { $0 == 0 })
        layer.withUnsafeBytes { bytes in #expect(bytes.count == 320 * 240 * 4) }
    }
}
