import HUDCore

/// A `PixelBuffer` in memory this object allocates and frees: for PNG output,
/// tests and benchmarks. Zero-filled (black) at creation.
public final class OwnedPixelBuffer {
    public let buffer: PixelBuffer
    private let byteCount: Int

    /// Allocates rows of the smallest stride drawing accepts (whole 32-bit words).
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888) throws(RenderError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
              let stride = format.minimumStride(forWidth: width) else {
            throw .badBuffer("cannot allocate a \(width)×\(height) buffer")
        }
        byteCount = stride * height
        let base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        buffer = PixelBuffer(base: base, width: width, height: height, stride: stride, format: format)
    }

    deinit { buffer.base.deallocate() }
}
