import HUDCore

/// Where the app draws its picture (`ContentPicture.draw`): opaque RGB
/// pixels, upright, (0, 0) at the top left. Draw with Cairo
/// (`drawWithCairo`: paths, strokes, shaped labels) or set pixels directly.
/// Valid only inside the closure it is handed to.
public struct ContentCanvas {
    let buffer: PixelBuffer
    let engines: ContentTextEngines

    /// Lets `body` draw on the picture with Cairo (`ContentDrawing`), then
    /// finishes (`cairo_surface_flush`). Cairo is loaded on the first call
    /// (`HUDRenderer.loadGraphicsLibraries`).
    /// - Throws: `RenderError.cairo` when Cairo failed (what it said); `body`'s errors.
    public mutating func drawWithCairo<T>(_ body: (ContentDrawing) throws -> T) throws -> T {
        let image = try CairoImage(wrapping: buffer)
        let drawing = ContentDrawing(image, engines: engines)
        let result = try body(drawing)
        image.flush()
        if let failure = drawing.failure { throw RenderError.cairo("the app's drawing: \(failure)") }
        return result
    }

    public var width: Int { buffer.width }
    public var height: Int { buffer.height }
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height) }

    /// Fills `rect` (clipped to the canvas) with an opaque colour given as 0xRRGGBB.
    public mutating func fill(_ rect: PixelRect, rgb: UInt32) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let value = 0xFF00_0000 | (rgb & 0xFF_FFFF)
        for y in r.y..<r.maxY {
            let row = (buffer.base + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            (row + r.x).update(repeating: value, count: r.width)
        }
    }

    /// Fills `rect` with `color` (its alpha is ignored: the picture is opaque).
    public mutating func fill(_ rect: PixelRect, color: HUDColor) {
        fill(rect, rgb: color.rgb24)
    }

    /// Sets one pixel (0xRRGGBB); outside the canvas it does nothing.
    public mutating func set(x: Int, y: Int, rgb: UInt32) {
        guard x >= 0, y >= 0, x < buffer.width, y < buffer.height else { return }
        buffer.base.storeBytes(of: 0xFF00_0000 | (rgb & 0xFF_FFFF), toByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
    }

    /// The pixel at (x, y) as 0xRRGGBB.
    public func rgb(x: Int, y: Int) -> UInt32 { buffer.pixel(x: x, y: y) & 0xFF_FFFF }

    /// Copies `pixels` (0xRRGGBB, row after row, `width` a row) so their
    /// top-left pixel lands at `origin`; what falls outside the canvas is left out.
    public mutating func copy(_ pixels: [UInt32], width: Int, to origin: (x: Int, y: Int)) {
        guard width > 0 else { return }
        let height = pixels.count / width
        let target = PixelRect(x: origin.x, y: origin.y, width: width, height: height).intersection(bounds)
        guard !target.isEmpty else { return }
        pixels.withUnsafeBufferPointer { src in
            for y in target.y..<target.maxY {
                let row = (buffer.base + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in target.x..<target.maxX {
                    row[x] = 0xFF00_0000 | (src[(y - origin.y) * width + (x - origin.x)] & 0xFF_FFFF)
                }
            }
        }
    }
}

extension HUDColor {
    /// 0xRRGGBB, each channel rounded from 0…1.
    fileprivate var rgb24: UInt32 {
        func c(_ v: Double) -> UInt32 { UInt32((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded()) }
        return c(red) << 16 | c(green) << 8 | c(blue)
    }
}
