/// A decoded picture: premultiplied ARGB words (`0xAARRGGBB`, Cairo's
/// `CAIRO_FORMAT_ARGB32` and DRM's ARGB8888 as stored on a little-endian
/// machine), row after row with no padding. Decoded in Swift by
/// `PNGDecoder`, so a logo can be on the first frame before Cairo is loaded.
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "pixels do not fill \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Decoded bytes held.
    var byteCount: Int { pixels.count * 4 }
}
