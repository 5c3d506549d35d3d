import HUDCore
@testable import HUDRender

/// A rendered frame for pixel checks: the buffer, the renderer that drew
/// it, and readers for colours.
struct TestCanvas {
    let pixels: OwnedPixelBuffer
    let renderer: HUDRenderer
    let update: FrameUpdate

    var buffer: PixelBuffer { pixels.buffer }
    var width: Int { buffer.width }
    var height: Int { buffer.height }

    /// Renders one HUD (id 1) fully shown unless `presentation` says otherwise.
    init(_ configuration: HUDConfiguration, presentation: HUDPresentation = .shown(),
         width: Int = 320, height: Int = 240, scale: Double = 1, rotation: ScreenRotation = .none,
         style: HUDRenderStyle = HUDRenderStyle(), backdrop: HUDBackdrop = HUDBackdrop(color: .black),
         format: PixelFormat = .xrgb8888) throws {
        let geometry = try ScreenGeometry(pixelWidth: width, pixelHeight: height, scale: scale, rotation: rotation)
        renderer = HUDRenderer(geometry: geometry, style: style, backdrop: backdrop)
        pixels = try OwnedPixelBuffer(width: width, height: height, format: format)
        update = try renderer.render(Self.snapshot(configuration, presentation), into: pixels.buffer)
    }

    static func snapshot(_ c: HUDConfiguration, _ p: HUDPresentation = .shown()) -> HUDSnapshot {
        HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: c, presentation: p)], nextChange: nil)
    }

    /// (red, green, blue) in 0…255.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let c = buffer.rgb(x: x, y: y)
        return (Int(c.red), Int(c.green), Int(c.blue))
    }

    func luma(_ x: Int, _ y: Int) -> Int {
        let c = rgb(x, y)
        return (c.r * 3 + c.g * 6 + c.b) / 10
    }

    /// The bounding box of pixels whose colour differs from `background` by more than `threshold`.
    func boundingBox(differingFrom background: (r: Int, g: Int, b: Int), threshold: Int = 24) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let c = rgb(x, y)
                if abs(c.r - background.r) + abs(c.g - background.g) + abs(c.b - background.b) > threshold {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

extension HUDConfiguration {
    /// A solid, opaque, high-contrast bezel: white bezel, black content, on a black screen.
    static func contrasting(_ mode: HUDMode) -> HUDConfiguration {
        var c = HUDConfiguration()
        c.mode = mode
        c.bezelStyle = .solidColor
        c.bezelColor = .white
        c.contentColor = .black
        return c
    }
}
