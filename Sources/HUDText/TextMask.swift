/// A laid-out label rasterised: 8-bit coverage in device pixels, upright.
/// Pixel (0, 0) lies `padding` pixels left of and above the text block's
/// top-left corner, so ink past the block's edges (accents, overhangs) is kept.
public struct TextMask: Sendable {
    public let width: Int
    public let height: Int
    public let padding: Int
    /// Row-major, `width` bytes a row.
    public let coverage: [UInt8]

    /// Coverage at (x, y); 0 outside.
    @inline(__always)
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }
}
