#if canImport(Glibc)
import Glibc
#endif
internal import CLazyPNG

/// Decodes a PNG read by `PNGSource` into premultiplied ARGB with libpng
/// (`kiosk_png_decode`, loaded on first use): every colour type, bit depth,
/// palette, transparency and interlacing, checksums checked, by the library
/// Plymouth and Cairo use. FreeType needs libpng and zlib itself, so they cost nothing
/// extra once a label is drawn. The pixels are those Cairo's
/// `cairo_image_surface_create_from_png` makes (Cairo's premultiplication),
/// so a logo drawn by the Swift painter matches the one Cairo composes.
/// Malformed files throw `RenderError.imageUnreadable` with libpng's reason.
public enum PNGDecoder {
    public static func decode(_ source: PNGSource, path: String) throws(RenderError) -> DecodedImage {
        do {
            return try decode(source.bytes)
        } catch {
            throw .imageUnreadable(path: path, reason: error.reason)
        }
    }

    struct Failure: Error {
        let reason: String
    }

    static func decode(_ bytes: [UInt8]) throws(Failure) -> DecodedImage {
        var raw: UnsafeMutablePointer<UInt32>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = bytes.withUnsafeBufferPointer {
            kiosk_png_decode($0.baseAddress, $0.count, UInt32(PNGSource.maximumPixels), &raw, &width, &height, &message, message.count)
        }
        guard ok != 0, let raw else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Failure(reason: "not a valid PNG file (\(reason))")
        }
        defer { free(raw) }
        let count = Int(width) * Int(height)
        // Premultiplied as Cairo does it.
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
            for i in 0..<count {
                let p = raw[i], alpha = p >> 24
                if alpha == 255 {
                    out[i] = p
                } else if alpha == 0 {
                    out[i] = 0
                } else {
                    func multiply(_ c: UInt32) -> UInt32 {
                        let t = alpha * c + 0x80
                        return (t + (t >> 8)) >> 8
                    }
                    out[i] = alpha << 24 | multiply(p >> 16 & 0xFF) << 16 | multiply(p >> 8 & 0xFF) << 8 | multiply(p & 0xFF)
                }
            }
            initialized = count
        }
        return DecodedImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
