internal import CCairo
import HUDCore

/// An owned Cairo image surface (`cairo_image_surface_create*`), destroyed with this object.
final class CairoImage {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    let format: cairo_format_t

    /// A new surface, zero-filled (transparent / black).
    convenience init(format: cairo_format_t, width: Int, height: Int) throws(RenderError) {
        let s = cairo_image_surface_create(format, Int32(max(1, width)), Int32(max(1, height)))
        try self.init(adopting: s, what: "\(width)×\(height) surface")
    }

    /// Cairo's view of caller-owned memory (`cairo_image_surface_create_for_data`).
    convenience init(wrapping buffer: PixelBuffer) throws(RenderError) {
        try buffer.validate()
        let s = cairo_image_surface_create_for_data(buffer.base.assumingMemoryBound(to: UInt8.self),
                                                    buffer.format.cairoFormat, Int32(buffer.width),
                                                    Int32(buffer.height), Int32(buffer.stride))
        try self.init(adopting: s, what: "surface over the \(buffer.width)×\(buffer.height) buffer")
    }

    /// A PNG file, read and checked by `PNGSource` (never a FIFO, never
    /// oversized) and decoded by `PNGDecoder`.
    static func png(path: String) throws(RenderError) -> CairoImage {
        try png(PNGSource.read(path), path: path)
    }

    static func png(_ source: PNGSource, path: String) throws(RenderError) -> CairoImage {
        try CairoImage(PNGDecoder.decode(source, path: path))
    }

    /// A new ARGB32 surface holding `image`'s pixels.
    convenience init(_ image: DecodedImage) throws(RenderError) {
        try self.init(format: CAIRO_FORMAT_ARGB32, width: image.width, height: image.height)
        cairo_surface_flush(surface)
        image.pixels.withUnsafeBytes { src in
            for row in 0..<image.height {
                (data + row * stride).copyMemory(from: src.baseAddress! + row * image.width * 4, byteCount: image.width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    private init(adopting s: OpaquePointer?, what: String) throws(RenderError) {
        guard let s else { throw .cairo("no \(what)") }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s) else {
            cairo_surface_destroy(s)
            throw .cairo("cannot create \(what): \(String(cString: cairo_status_to_string(status)))")
        }
        surface = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
        format = cairo_image_surface_get_format(s)
        self.data = UnsafeMutableRawPointer(data)
    }

    deinit { cairo_surface_destroy(surface) }

    /// A new drawing context (`cairo_create`); destroy it with `cairo_destroy`.
    func makeContext() -> OpaquePointer {
        // cairo_create never returns NULL; errors are carried in its status.
        cairo_create(surface)!
    }

    /// Writes the surface as PNG (`cairo_surface_write_to_png`).
    func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .imageNotWritten(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Bytes per pixel: 2 for RGB565, 4 for the 32-bit formats.
    var bytesPerPixel: Int { format == CAIRO_FORMAT_RGB16_565 ? 2 : 4 }

    /// Copies `rect` (in this surface's pixels) from `source` placed at
    /// `sourceOrigin` to the same place here, row by row. Same format on both sides.
    func copyRows(from source: CairoImage, sourceOrigin: (x: Int, y: Int), rect: PixelRect) {
        let bpp = bytesPerPixel
        let bytes = rect.width * bpp
        for row in 0..<rect.height {
            let dst = data + (rect.y + row) * stride + rect.x * bpp
            let src = source.data + (rect.y - sourceOrigin.y + row) * source.stride + (rect.x - sourceOrigin.x) * bpp
            dst.copyMemory(from: src, byteCount: bytes)
        }
    }
}
