internal import CLazyPNG
import HUDCore

/// Writes a `PixelBuffer` as a PNG file through libpng, the same pixels a
/// display would scan out.
public enum PNGFile {
    /// Writes `buffer` to `path` (`kiosk_png_encode`). XRGB8888 and RGB565
    /// become an opaque RGB PNG; ARGB8888 (premultiplied) an RGBA one.
    public static func write(_ buffer: PixelBuffer, to path: String) throws(RenderError) {
        try buffer.validate()
        let w = buffer.width, h = buffer.height
        var message = [CChar](repeating: 0, count: 256)
        var ok: Int32
        if buffer.format == .xrgb8888 {
            ok = kiosk_png_encode(path, buffer.base.assumingMemoryBound(to: UInt32.self), UInt32(w), UInt32(h),
                                  buffer.stride, 0, &message, message.count)
        } else {
            // Un-premultiplied (as Cairo writes ARGB32), or RGB565 widened.
            var words = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    if buffer.format == .rgb565 {
                        let c = buffer.rgb(x: x, y: y)
                        words[y * w + x] = 0xFF00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
                        continue
                    }
                    let p = buffer.pixel(x: x, y: y), a = p >> 24
                    func c(_ v: UInt32) -> UInt32 { a == 0 ? 0 : min(255, (v * 255 + a / 2) / a) }
                    words[y * w + x] = a << 24 | c(p >> 16 & 0xFF) << 16 | c(p >> 8 & 0xFF) << 8 | c(p & 0xFF)
                }
            }
            let alpha: Int32 = buffer.format == .argb8888 ? 1 : 0
            ok = words.withUnsafeBufferPointer {
                kiosk_png_encode(path, $0.baseAddress, UInt32(w), UInt32(h), w * 4, alpha, &message, message.count)
            }
        }
        guard ok != 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .imageNotWritten(path: path, reason: reason)
        }
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
