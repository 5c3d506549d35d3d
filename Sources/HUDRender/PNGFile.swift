import CCairo

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
        let image = try CairoImage.png(path: path)
        let owned = try OwnedPixelBuffer(width: image.width, height: image.height, format: .argb8888)
        let target = try CairoImage(wrapping: owned.buffer)
        let cr = target.makeContext()
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target.surface)
        return owned
    }
}
