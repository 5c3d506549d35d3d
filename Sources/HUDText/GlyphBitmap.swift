/// One glyph's coverage as FreeType rasterised it (8-bit grey), placed
/// relative to its pen position: `left` pixels right, `top` pixels up.
struct GlyphBitmap {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let coverage: [UInt8]
}
