/// Memory a painter draws into: XRGB8888 rows of `pitch` bytes. Scan-out
/// buffers provide one (`DumbBuffer.target`); tests use plain memory.
public struct PixelTarget: @unchecked Sendable {
    public var pixels: UnsafeMutableRawPointer
    public var width: Int
    public var height: Int
    /// Bytes per row.
    public var pitch: Int

    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.pitch = pitch
    }
}
