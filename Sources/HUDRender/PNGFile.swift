import HUDCore
internal import CCairo

/// Writes a `PixelBuffer` as a PNG file through Cairo, the same pixels a
/// display would scan out.
public enum PNGFile {
    /// Writes `buffer` to `path` (`cairo_surface_write_to_png`). XRGB8888
    /// becomes an opaque RGB PNG.
    public static func write(_ buffer: PixelBuffer, to path: String) throws(RenderError) {
        let image = try CairoImage(wrapping: buffer)
        try image.writePNG(to: path)
    }

    /// Reads a PNG into a new ARGB8888 buffer (premultiplied), for tests and tools.
    public static func read(_ path: String) throws(RenderError) -> OwnedPixelBuffer {
        let image = try PNGDecoder.decode(PNGSource.read(path), path: path)
        let owned = try OwnedPixelBuffer(width: image.width, height: image.height, format: .argb8888)
        image.pixels.withUnsafeBytes { src in
            for row in 0..<image.height {
                (owned.buffer.base + row * owned.buffer.stride)
                    .copyMemory(from: src.baseAddress! + row * image.width * 4, byteCount: image.width * 4)
            }
        }
        return owned
    }
}
