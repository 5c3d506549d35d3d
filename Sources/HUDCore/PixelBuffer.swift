/// Memory the renderer draws into and a display scans out: a mapped DRM dumb
/// buffer, fbdev's off-screen copy, a PNG's pixels, anything laid out as rows
/// of `format` pixels. The one pixel-buffer type of every module.
///
/// The renderer never owns or frees the memory; it must stay valid while a
/// `draw` call runs. Its memory is reachable only inside this package (a
/// program draws into `HUDRender`'s `OwnedPixelBuffer` and reads pixels
/// with `pixel(x:y:)`), so no raw pointer is public API.
public struct PixelBuffer: @unchecked Sendable {
    package var base: UnsafeMutableRawPointer
    public var width: Int
    public var height: Int
    /// Bytes from one row to the next (a dumb buffer's `pitch`).
    public var stride: Int
    public var format: PixelFormat

    package init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat = .xrgb8888) {
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    /// The pixel at column `x`, row `y` as stored (RGB565 in the low 16 bits);
    /// a position outside the buffer is a programming error (precondition).
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        if format == .rgb565 { return UInt32(base.load(fromByteOffset: y * stride + x * 2, as: UInt16.self)) }
        return base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// The pixel at (x, y) as 8-bit (red, green, blue), whatever the format.
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let p = pixel(x: x, y: y)
        if format == .rgb565 {
            let r = (p >> 11) & 0x1F, g = (p >> 5) & 0x3F, b = p & 0x1F
            return (UInt8(r << 3 | r >> 2), UInt8(g << 2 | g >> 4), UInt8(b << 3 | b >> 2))
        }
        return (UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF), UInt8(p & 0xFF))
    }
}
