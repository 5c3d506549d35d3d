internal import CText

/// The glyphs HarfBuzz made of one run (one face, level and script), in
/// visual order, positions in points.
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

    /// Shapes `range` of `paragraph` at `points` (hb_shape), with the whole
    /// paragraph as context so Arabic joins across run edges.
    init(_ paragraph: TextParagraph, range: Range<Int>, points: Double, language: hb_language_t?) {
        face = paragraph.faces[range.lowerBound]
        level = paragraph.levels[range.lowerBound]
        guard let face else {
            glyphs = []
            return
        }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        paragraph.scalars.withUnsafeBufferPointer { s in
            hb_buffer_add_utf32(buffer, s.baseAddress, Int32(s.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, paragraph.scripts[range.lowerBound])
        if let language { hb_buffer_set_language(buffer, language) }
        hb_shape(face.shapingFont(points: points), buffer, nil, 0)
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
        glyphs = made
    }

    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}
