internal import CText
internal import CLazyText

/// The glyphs of one run (one face, level and script), in visual order,
/// positions in points: `PlainShaper`'s when the paragraph is plain and the
/// face's lookups allow, else HarfBuzz's (loaded then).
struct ShapedRun {
    struct Glyph {
        let id: UInt32
        /// The index in the paragraph of the first character of its cluster.
        let cluster: Int
        let advance: Double
        let xOffset: Double
        let yOffset: Double
    }

    let face: FontFace?
    let level: UInt8
    let glyphs: [Glyph]

    /// Shapes `range` of `paragraph` at `points`, with the whole paragraph as
    /// context so Arabic joins across run edges. `language`: a BCP 47 tag, or
    /// empty for none.
    /// - Parameters:
    ///   - plain: whether `PlainShaper` may shape it (false: HarfBuzz always).
    ///   - onMissingShaping: called with the reason when the run needed
    ///     HarfBuzz and it could not be loaded (the run is then drawn unshaped).
    init(_ paragraph: TextParagraph, range: Range<Int>, points: Double, language: String, plain: Bool = true,
         onMissingShaping: (String) -> Void = { _ in }) {
        face = paragraph.faces[range.lowerBound]
        level = paragraph.levels[range.lowerBound]
        guard let face else {
            glyphs = []
            return
        }
        if plain, language.isEmpty, paragraph.isPlain,
           let shaped = Self.plain(paragraph, range: range, face: face, points: points) {
            glyphs = shaped
        } else if let error = kiosk_shaping_try_load() {
            onMissingShaping(String(cString: error))
            glyphs = Self.unshaped(paragraph, range: range, face: face, points: points)
        } else {
            glyphs = Self.harfBuzz(paragraph, range: range, face: face, points: points, language: language)
        }
    }

    /// `PlainShaper`'s glyphs, nil when it leaves the run to HarfBuzz.
    static func plain(_ paragraph: TextParagraph, range: Range<Int>, face: FontFace, points: Double) -> [Glyph]? {
        guard let shaper = face.plainShaper else { return nil }
        var ids: [UInt32] = []
        ids.reserveCapacity(range.count)
        for c in paragraph.scalars[range] {
            let id = face.glyph(for: c)
            guard id != 0 else { return nil }  // HarfBuzz's fallbacks (spaces, notdef) are its own.
            ids.append(id)
        }
        let latin = paragraph.scripts[range.lowerBound] == HB_SCRIPT_LATIN
        guard let shaped = shaper.shape(ids, latin: latin, scale: FontFace.scale(points: points)) else { return nil }
        let unit = FontFace.unitsPerPoint
        return shaped.map {
            Glyph(id: $0.id, cluster: range.lowerBound + $0.cluster, advance: Double($0.advance) / unit,
                  xOffset: Double($0.xOffset) / unit, yOffset: Double($0.yOffset) / unit)
        }
    }

    /// HarfBuzz's glyphs (hb_shape); the caller has loaded the shaping libraries.
    static func harfBuzz(_ paragraph: TextParagraph, range: Range<Int>, face: FontFace, points: Double,
                         language: String) -> [Glyph] {
        guard let font = face.shapingFont(points: points) else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        paragraph.scalars.withUnsafeBufferPointer { s in
            hb_buffer_add_utf32(buffer, s.baseAddress, Int32(s.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, paragraph.levels[range.lowerBound] & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, paragraph.scripts[range.lowerBound])
        if !language.isEmpty { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        let unit = FontFace.unitsPerPoint
        var made: [Glyph] = []
        made.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            guard let info = infos?[i], let p = positions?[i] else { continue }
            made.append(Glyph(id: info.codepoint, cluster: Int(info.cluster), advance: Double(p.x_advance) / unit,
                              xOffset: Double(p.x_offset) / unit, yOffset: Double(p.y_offset) / unit))
        }
        return made
    }

    /// One glyph per character, font advances, logical order: what is left
    /// when HarfBuzz is missing.
    static func unshaped(_ paragraph: TextParagraph, range: Range<Int>, face: FontFace, points: Double) -> [Glyph] {
        let unit = FontFace.unitsPerPoint
        let mult = face.plainShaper?.multiplier(scale: FontFace.scale(points: points))
        return range.map { i in
            let id = face.glyph(for: paragraph.scalars[i])
            let advance = mult.flatMap { m in face.plainShaper.map { Double($0.advance(of: id, by: m)) / unit } } ?? points * 0.5
            return Glyph(id: id, cluster: i, advance: advance, xOffset: 0, yOffset: 0)
        }
    }

    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}
