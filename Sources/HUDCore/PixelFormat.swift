/// The layout of one pixel in a `PixelBuffer`, little-endian words.
public enum PixelFormat: String, Hashable, Sendable, CaseIterable {
    /// `DRM_FORMAT_XRGB8888`, Cairo's `CAIRO_FORMAT_RGB24`: the top byte is ignored.
    case xrgb8888
    /// `DRM_FORMAT_ARGB8888`, Cairo's `CAIRO_FORMAT_ARGB32`: premultiplied alpha.
    case argb8888
    /// `DRM_FORMAT_RGB565`, Cairo's `CAIRO_FORMAT_RGB16_565`: 16-bit panels on small boards.
    case rgb565

    public var bytesPerPixel: Int { self == .rgb565 ? 2 : 4 }

    /// The smallest row stride drawing accepts for `width` pixels (whole
    /// 32-bit words, as pixman needs), or nil
    /// when the width is out of range. Computed here, so that allocating a
    /// buffer does not load pixman.
    public func minimumStride(forWidth width: Int) -> Int? {
        guard width > 0, width < (Int(Int32.max) - 7) / (bytesPerPixel * 8) else { return nil }
        return (width * bytesPerPixel + 3) & ~3
    }
}
