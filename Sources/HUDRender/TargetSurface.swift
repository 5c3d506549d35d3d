import HUDCore

/// A Cairo surface over a caller's buffer, kept so each frame does not
/// create one (KMS swaps between two or three buffers).
struct TargetSurface {
    var base: UnsafeMutableRawPointer
    var width: Int
    var height: Int
    var stride: Int
    var format: PixelFormat
    var image: CairoImage

    func matches(_ b: PixelBuffer) -> Bool {
        b.base == base && b.width == width && b.height == height && b.stride == stride && b.format == format
    }
}
