internal import CPixman
import Glibc
import HUDCore
import HUDText

/// A pixman image (`pixman_image_create_bits`) over pixels it owns (zeroed:
/// transparent, or black) or over a caller's buffer; unreferenced with this object.
final class PixmanImage {
    /// The pixel layouts drawn into: the buffers' three, and 8-bit coverage.
    enum Format: Equatable {
        case argb32, rgb24, rgb565, a8

        var code: pixman_format_code_t {
            switch self {
            case .argb32: return PIXMAN_a8r8g8b8
            case .rgb24: return PIXMAN_x8r8g8b8
            case .rgb565: return PIXMAN_r5g6b5
            case .a8: return PIXMAN_a8
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

    let image: OpaquePointer
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer
    let format: Format
    private let owned: Bool

    /// A new zero-filled image; its rows are 4-byte aligned, as pixman needs.
    init(format: Format, width: Int, height: Int) throws(RenderError) {
        let w = max(1, width), h = max(1, height)
        let stride = (w * format.bytesPerPixel + 3) & ~3
        guard let memory = calloc(h, stride) else { throw .pixman("no memory for a \(w)×\(h) image") }
        guard let image = pixman_image_create_bits(format.code, Int32(w), Int32(h),
                                                   memory.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
            free(memory)
            throw .pixman("pixman_image_create_bits failed for a \(w)×\(h) image")
        }
        self.image = image
        self.width = w
        self.height = h
        self.stride = stride
        data = memory
        self.format = format
        owned = true
    }

    /// pixman's view of caller-owned memory.
    init(wrapping buffer: PixelBuffer) throws(RenderError) {
        try buffer.validate()
        let format = Format(buffer.format)
        guard let image = pixman_image_create_bits(format.code, Int32(buffer.width), Int32(buffer.height),
                                                   buffer.base.assumingMemoryBound(to: UInt32.self), Int32(buffer.stride)) else {
            throw .pixman("pixman_image_create_bits failed over the \(buffer.width)×\(buffer.height) buffer")
        }
        self.image = image
        width = buffer.width
        height = buffer.height
        stride = buffer.stride
        data = buffer.base
        self.format = format
        owned = false
    }

    /// A new ARGB image holding `image`'s (premultiplied) pixels.
    convenience init(_ image: DecodedImage) throws(RenderError) {
        try self.init(format: .argb32, width: image.width, height: image.height)
        image.pixels.withUnsafeBytes { src in
            for row in 0..<image.height {
                (data + row * stride).copyMemory(from: src.baseAddress! + row * image.width * 4, byteCount: image.width * 4)
            }
        }
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
    }

    /// A PNG file, read and checked by `PNGSource` (never a FIFO, never
    /// oversized) and decoded by `PNGDecoder`.
    static func png(_ source: PNGSource, path: String) throws(RenderError) -> PixmanImage {
        try PixmanImage(PNGDecoder.decode(source, path: path))
    }

    deinit {
        _ = pixman_image_unref(image)
        if owned { free(data) }
    }

    /// Copies `rect` (in this image's pixels) from `source` placed at
    /// `sourceOrigin` to the same place here, row by row. Same format on both sides.
    func copyRows(from source: PixmanImage, sourceOrigin: (x: Int, y: Int), rect: PixelRect) {
        let bpp = format.bytesPerPixel
        let bytes = rect.width * bpp
        for row in 0..<rect.height {
            let dst = data + (rect.y + row) * stride + rect.x * bpp
            let src = source.data + (rect.y - sourceOrigin.y + row) * source.stride + (rect.x - sourceOrigin.x) * bpp
            dst.copyMemory(from: src, byteCount: bytes)
        }
    }
}
