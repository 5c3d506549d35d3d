/// Memory a painter draws into: XRGB8888 (or, with `bitsPerPixel` 16,
/// RGB565) rows of `pitch` bytes. Scan-out buffers provide one
/// (`DumbBuffer.target`), fbdev its off-screen copy; tests use plain memory.
public struct PixelTarget: @unchecked Sendable {
    public var pixels: UnsafeMutableRawPointer
    public var width: Int
    public var height: Int
    /// Bytes per row.
    public var pitch: Int
    /// 32 (XRGB8888) or 16 (RGB565).
    public var bitsPerPixel: Int

    public init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int, bitsPerPixel: Int = 32) {
        self.pixels = pixels
        self.bitsPerPixel = bitsPerPixel
        self.width = width
        self.height = height
        self.pitch = pitch
    }
}
