internal import CText
internal import CLazyText

/// One opened font face: FreeType's (rasterising, coverage, tables),
/// `PlainShaper`'s and, only once a run needs it, HarfBuzz's views of the same
/// file. Not thread-safe, like the `FontCatalog` that owns it.
final class FontFace {
    let file: FontFile
    private let library: FreeTypeLibrary
    private let face: FT_Face
    /// HarfBuzz's face, made on first use: a face whose text `PlainShaper`
    /// shapes never loads HarfBuzz. nil until then, or when the file is gone.
    private var hbFace: OpaquePointer?
    private var hbFaceTried = false
    /// nil when the face has tables `PlainShaper` does not read (variable fonts, AAT).
    private(set) lazy var plainShaper: PlainShaper? = PlainShaper(face: face)
    /// HarfBuzz fonts by size (1/1024 pt per unit, see `unitsPerPoint`).
    private var hbFonts: [Int32: OpaquePointer] = [:]
    private var rasterSize: FT_F26Dot6 = 0
    private var glyphs: [GlyphKey: GlyphBitmap?] = [:]
    /// FreeType's style flag, for the weight a fallback search prefers.
    let isBold: Bool
    let familyName: String

    /// HarfBuzz positions are in 1/`unitsPerPoint` of a point.
    static let unitsPerPoint = 1024.0
    /// Glyphs are rasterised at this many horizontal positions per pixel.
    static let subpixelPhases = 4

    private struct GlyphKey: Hashable {
        let glyph: UInt32
        let size: FT_F26Dot6
        let phase: Int
    }

    /// Opens `file` in `library` (FT_New_Face): nil when it is missing or not
    /// a font FreeType reads.
    init?(file: FontFile, library: FreeTypeLibrary) {
        var opened: FT_Face?
        guard FT_New_Face(library.handle, file.path, FT_Long(file.index), &opened) == 0, let opened else { return nil }
        face = opened
        self.library = library
        self.file = file
        isBold = opened.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        familyName = opened.pointee.family_name.map { String(cString: $0) } ?? ""
    }

    deinit {
        for font in hbFonts.values { hb_font_destroy(font) }
        if let hbFace { hb_face_destroy(hbFace) }
        FT_Done_Face(face)
    }

    /// Whether the face has a glyph for `scalar` (its character map).
    func covers(_ scalar: UInt32) -> Bool {
        glyph(for: scalar) != 0
    }

    /// The glyph of `scalar` in the character map (FT_Get_Char_Index), 0 for none.
    func glyph(for scalar: UInt32) -> UInt32 {
        FT_Get_Char_Index(face, FT_ULong(scalar))
    }

    /// The font's scale at `points`: HarfBuzz positions in 1/`unitsPerPoint` pt.
    static func scale(points: Double) -> Int32 {
        Int32(clamping: Int((points * unitsPerPoint).rounded()))
    }

    /// The HarfBuzz font at `points`, made once per size (hb_blob_create_from_file_or_fail,
    /// hb_face_create, hb_font_create on first use); nil when the file no longer reads.
    /// The caller has loaded the shaping libraries.
    func shapingFont(points: Double) -> OpaquePointer? {
        let scale = Self.scale(points: points)
        if let f = hbFonts[scale] { return f }
        if !hbFaceTried {
            hbFaceTried = true
            if let blob = hb_blob_create_from_file_or_fail(file.path) {
                hbFace = hb_face_create(blob, UInt32(file.index))
                hb_blob_destroy(blob)
            }
        }
        guard let hbFace, let font = hb_font_create(hbFace) else { return nil }
        hb_font_set_scale(font, scale, scale)
        hbFonts[scale] = font
        return font
    }

    /// Ascent and descent (both positive, points) at `points`, as HarfBuzz's
    /// hb_font_get_h_extents gives them (OS/2 or hhea, as Pango takes them).
    func lineExtents(points: Double) -> (ascent: Double, descent: Double) {
        let scale = Double(Self.scale(points: points))
        guard let plain = plainShaper else {
            // HarfBuzz's own answer for a face without metrics: 0.8 and 0.2 of the em.
            return harfBuzzLineExtents(points: points) ?? (scale * 0.8 / Self.unitsPerPoint, scale * 0.2 / Self.unitsPerPoint)
        }
        // HarfBuzz scales these in single precision, halves rounded up (em_scalef_y).
        let perUnit = Float(scale) / Float(plain.unitsPerEm)
        func scaled(_ v: Int) -> Float { (Float(v) * perUnit + 0.5).rounded(.down) }
        let ascent = scaled(plain.ascender), descent = scaled(plain.descender)
        return (Double(ascent) / Self.unitsPerPoint, Double(-descent) / Self.unitsPerPoint)
    }

    /// HarfBuzz's ascent and descent (hb_font_get_h_extents), loading it;
    /// nil when it does not load.
    func harfBuzzLineExtents(points: Double) -> (ascent: Double, descent: Double)? {
        guard kiosk_shaping_try_load() == nil, let font = shapingFont(points: points) else { return nil }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        return (Double(extents.ascender) / Self.unitsPerPoint, Double(-extents.descender) / Self.unitsPerPoint)
    }

    /// The glyph's coverage at `pixels` per em, its pen `phase` quarters of
    /// a pixel right of a whole pixel; nil for a glyph with no outline (space).
    /// Unhinted (as Cairo's HINT_STYLE_NONE), grey anti-aliasing.
    func bitmap(glyph: UInt32, pixels: Double, phase: Int) -> GlyphBitmap? {
        let size = FT_F26Dot6((pixels * 64).rounded())
        let key = GlyphKey(glyph: glyph, size: size, phase: phase)
        if let cached = glyphs[key] { return cached }
        let made = rasterise(glyph: glyph, size: size, phase: phase)
        glyphs[key] = made
        return made
    }

    private func rasterise(glyph: UInt32, size: FT_F26Dot6, phase: Int) -> GlyphBitmap? {
        if size != rasterSize {
            guard FT_Set_Char_Size(face, 0, size, 72, 72) == 0 else { return nil }
            rasterSize = size
        }
        guard FT_Load_Glyph(face, glyph, Int32(kiosk_FT_LOAD_NO_HINTING | kiosk_FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / Self.subpixelPhases), 0)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let b = slot.pointee.bitmap
        let width = Int(b.width), height = Int(b.rows)
        guard width > 0, height > 0, let buffer = b.buffer, b.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * height)
        let pitch = Int(b.pitch)
        for y in 0..<height {
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
            for x in 0..<width { coverage[y * width + x] = row[x] }
        }
        return GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           width: width, height: height, coverage: coverage)
    }
}
