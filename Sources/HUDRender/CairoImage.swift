internal import CCairo
import HUDCore
import HUDText

/// A Cairo image surface (`cairo_image_surface_create`, zero-filled:
/// transparent, or black) or Cairo's view of a caller's buffer
/// (`cairo_image_surface_create_for_data`); destroyed with this object.
/// `data` is the surface's memory: code that writes it directly calls
/// `markDirty()` after (`cairo_surface_mark_dirty`).
final class CairoImage {
    /// The pixel layouts drawn into: the buffers' three, and 8-bit coverage.
    enum Format: Equatable {
        case argb32, rgb24, rgb565, a8

        var cairo: cairo_format_t {
            switch self {
            case .argb32: return CAIRO_FORMAT_ARGB32
            case .rgb24: return CAIRO_FORMAT_RGB24
            case .rgb565: return CAIRO_FORMAT_RGB16_565
            case .a8: return CAIRO_FORMAT_A8
            }
        }

        var bytesPerPixel: Int {
            switch self {
            case .argb32, .rgb24: return 4
            case .rgb565: return 2
            case .a8: return 1
            }
        }

        init(_ format: PixelFormat) {
            switch format {
            case .xrgb8888: self = .rgb24
            case .argb8888: self = .argb32
            case .rgb565: self = .rgb565
            }
        }
    }

    let surface: OpaquePointer
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    let format: Format

    /// A new zero-filled image; Cairo chooses its stride (`cairo_format_stride_for_width`).
    convenience init(format: Format, width: Int, height: Int) throws(RenderError) {
        let w = max(1, width), h = max(1, height)
        try self.init(adopting: cairo_image_surface_create(format.cairo, Int32(w), Int32(h)), format: format,
                      what: "a \(w)×\(h) image")
    }

    /// Cairo's view of caller-owned memory.
    convenience init(wrapping buffer: PixelBuffer) throws(RenderError) {
        try buffer.validate()
        let format = Format(buffer.format)
        let s = cairo_image_surface_create_for_data(buffer.base.assumingMemoryBound(to: UInt8.self), format.cairo,
                                                    Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))
        try self.init(adopting: s, format: format, what: "a surface over the \(buffer.width)×\(buffer.height) buffer")
    }

    /// A new ARGB image holding `image`'s (premultiplied) pixels.
    convenience init(_ image: DecodedImage) throws(RenderError) {
        try self.init(format: .argb32, width: image.width, height: image.height)
        image.pixels.withUnsafeBytes { src in
            for row in 0..<image.height {
                (data + row * stride).copyMemory(from: src.baseAddress! + row * image.width * 4, byteCount: image.width * 4)
            }
        }
        markDirty()
    }

    /// A new 8-bit coverage image holding `mask`'s values.
    convenience init(_ mask: TextMask) throws(RenderError) {
        try self.init(format: .a8, width: mask.width, height: mask.height)
        mask.coverage.withUnsafeBufferPointer { src in
            for row in 0..<mask.height {
                (data + row * stride).assumingMemoryBound(to: UInt8.self)
                    .update(from: src.baseAddress! + row * mask.width, count: mask.width)
            }
        }
        markDirty()
    }

    /// A PNG file, read and checked by `PNGSource` (never a FIFO, never
    /// oversized) and decoded by `PNGDecoder`.
    static func png(_ source: PNGSource, path: String) throws(RenderError) -> CairoImage {
        try CairoImage(PNGDecoder.decode(source, path: path))
    }

    private init(adopting s: OpaquePointer?, format: Format, what: String) throws(RenderError) {
        guard let s else { throw .cairo("no \(what)") }
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s) else {
            cairo_surface_destroy(s)
            throw .cairo("cannot make \(what): \(String(cString: cairo_status_to_string(status)))")
        }
        surface = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
        stride = Int(cairo_image_surface_get_stride(s))
        self.data = UnsafeMutableRawPointer(data)
        self.format = format
    }

    deinit { cairo_surface_destroy(surface) }

    /// Finishes Cairo's drawing before `data` is read or written directly (`cairo_surface_flush`).
    func flush() { cairo_surface_flush(surface) }

    /// Tells Cairo that `data` was written directly (`cairo_surface_mark_dirty`).
    func markDirty() { cairo_surface_mark_dirty(surface) }

    /// Copies `rect` (in this image's pixels) from `source` placed at
    /// `sourceOrigin` to the same place here, row by row. Same format on both sides.
    func copyRows(from source: CairoImage, sourceOrigin: (x: Int, y: Int), rect: PixelRect) {
        source.flush()
        flush()
        let bpp = format.bytesPerPixel
        let bytes = rect.width * bpp
        for row in 0..<rect.height {
            let dst = data + (rect.y + row) * stride + rect.x * bpp
            let src = source.data + (rect.y - sourceOrigin.y + row) * source.stride + (rect.x - sourceOrigin.x) * bpp
            dst.copyMemory(from: src, byteCount: bytes)
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }
}
