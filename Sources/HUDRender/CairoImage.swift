import CCairo
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
    /// oversized), decoded from memory (`cairo_image_surface_create_from_png_stream`).
    static func png(path: String) throws(RenderError) -> CairoImage {
        try png(PNGSource.read(path), path: path)
    }

    static func png(_ source: PNGSource, path: String) throws(RenderError) -> CairoImage {
        let stream = PNGStream(source.bytes)
        let context = Unmanaged.passRetained(stream)
        let s = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let stream = Unmanaged<PNGStream>.fromOpaque(closure!).takeUnretainedValue()
            return stream.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, context.toOpaque())
        context.release()
        if let s, cairo_surface_status(s) != CAIRO_STATUS_SUCCESS {
            let status = cairo_surface_status(s)
            cairo_surface_destroy(s)
            let reason = status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_NO_MEMORY
                ? "not a valid PNG file (truncated or corrupt)" : String(cString: cairo_status_to_string(status))
            throw .imageUnreadable(path: path, reason: reason)
        }
        do {
            return try CairoImage(adopting: s, what: path)
        } catch {
            throw .imageUnreadable(path: path, reason: "\(error)")
        }
    }

    /// Hands a PNG in memory to Cairo's reader callback.
    private final class PNGStream {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func read(into data: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
            guard let data, count <= bytes.count - offset else { return false }
            bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + offset, count: count) }
            offset += count
            return true
        }
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
