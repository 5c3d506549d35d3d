/// How a `HUDLayerBuffer` lays out each pixel's bytes. Both are premultiplied.
public enum LayerByteOrder: Sendable, Hashable {
    /// 32-bit words 0xAARRGGBB in the machine's order: bytes B, G, R, A on
    /// little-endian (DRM's ARGB8888, Cairo's ARGB32, `GL_BGRA_EXT`).
    case argb8888
    /// Bytes R, G, B, A whatever the machine (DRM's ABGR8888 on
    /// little-endian): a plain `GL_RGBA`/`GL_UNSIGNED_BYTE` upload.
    case rgba
}
