internal import CText

/// Shapes a left-to-right run of one face exactly as HarfBuzz does (hb_shape,
/// no language, the default shaper) when the only OpenType lookups that can
/// touch it are ligatures (GSUB type 4) and pair kerning (GPOS type 2): the
/// common case of a Latin label, which then needs neither HarfBuzz nor the
/// GLib it links. Any other lookup that could apply to the run's glyphs (a
/// single or contextual substitution, mark positioning, ...) makes `shape`
/// answer nil, and the run goes to HarfBuzz. ShapedRunTests hold both to the
/// same glyphs and positions.
final class PlainShaper {
    /// One glyph, positions in the font's scale (1/`FontFace.unitsPerPoint` pt).
    struct Glyph: Equatable {
        var id: UInt32
        /// The index in the run of the first character of its cluster.
        var cluster: Int
        var advance: Int
        var xOffset = 0
        var yOffset = 0
    }

    /// Ascender and descender (descender ≤ 0) in font units, as HarfBuzz takes
    /// them: OS/2's typographic ones when it says to use them, else hhea's.
    let ascender: Int
    let descender: Int
    let unitsPerEm: Int
    private let hmtx: FontTable
    private let advanceCount: Int
    /// The layout tables, read on first shaping (a face only measured for its
    /// line height, a CJK fallback say, never copies them).
    private lazy var gsub = FontTable(face, "GSUB")
    private lazy var gpos = FontTable(face, "GPOS")
    private lazy var gdef = FontTable(face, "GDEF")
    /// The face, owned by the `FontFace` that owns this.
    private let face: FT_Face
    /// Lookups in the order HarfBuzz applies them, per script (Latin; Common),
    /// read once: .some(nil) when the face is not plain for that script.
    private var latinLookups: Lookups??
    private var commonLookups: Lookups??

    private struct Lookups {
        var substitution: [Int]
        var positioning: [Int]
    }

    /// Features HarfBuzz turns on for horizontal left-to-right text of the default
    /// shaper (hb-ot-shape.cc), but for 'rvrn', which comes in a stage of its own
    /// before them, and 'frac'/'numr'/'dnom', which only apply around U+2044.
    private static let features: [UInt32] = [
        "ltra", "ltrm", "rand", "trak", "Harf", "HARF", "Buzz", "BUZZ",
        "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig",
        "calt", "clig", "curs", "dist", "kern", "liga", "rclt",
    ].map(tag)

    /// A four-letter tag as the number the tables hold.
    static func tag(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    private static let rvrn = tag("rvrn"), kern = tag("kern")
    private static let scripts = (latn: tag("latn"), DFLT: tag("DFLT"), dflt: tag("dflt"))

    /// Reads `face`'s tables; nil for a face this cannot shape at all: no
    /// horizontal metrics, a variable font, or Apple's layout tables.
    init?(face: FT_Face) {
        guard let hhea = FontTable(face, "hhea"), let hmtx = FontTable(face, "hmtx"), let head = FontTable(face, "head"),
              FontTable(face, "fvar") == nil, FontTable(face, "morx") == nil, FontTable(face, "mort") == nil,
              FontTable(face, "kerx") == nil else { return nil }
        let upem = head.u16(18)
        unitsPerEm = (16...16384).contains(upem) ? upem : 1000
        self.hmtx = hmtx
        advanceCount = hhea.u16(34)
        guard advanceCount > 0 else { return nil }
        let os2 = FontTable(face, "OS/2")
        if let os2, os2.u16(62) & 0x80 != 0 {
            ascender = abs(os2.s16(68))
            descender = -abs(os2.s16(70))
        } else {
            ascender = abs(hhea.s16(4))
            descender = -abs(hhea.s16(6))
        }
        self.face = face
    }

    /// `value` font units in a font scaled to `scale` (HarfBuzz's em_mult).
    static func scaled(_ value: Int, by mult: Int64) -> Int {
        Int((Int64(value) * mult + 32768) >> 16)
    }

    /// HarfBuzz's multiplier for `scale` (its hb_font_set_scale).
    func multiplier(scale: Int32) -> Int64 { (Int64(scale) << 16) / Int64(unitsPerEm) }

    /// The glyphs of `ids` (one per character, from the character map), or nil
    /// when a lookup other than a ligature or a kerning pair could apply, or
    /// when a glyph is a mark.
    /// - Parameters:
    ///   - latin: the run's script is Latin (else Common: digits and punctuation only).
    ///   - scale: the font's scale (HarfBuzz's hb_font_set_scale).
    func shape(_ ids: [UInt32], latin: Bool, scale: Int32) -> [Glyph]? {
        guard let lookups = lookups(latin: latin) else { return nil }
        if let gdef, let classes = gdef.offset16(0, 4), ids.contains(where: { gdef.glyphClass(classes, $0) == 3 }) {
            return nil
        }
        var glyphs = ids.enumerated().map { Glyph(id: $1, cluster: $0, advance: 0) }
        if let gsub {
            for lookup in lookups.substitution {
                guard apply(gsub, lookup: lookup, substitution: true, to: &glyphs) else { return nil }
            }
        }
        let mult = multiplier(scale: scale)
        for i in glyphs.indices { glyphs[i].advance = advance(of: glyphs[i].id, by: mult) }
        if let gpos {
            for lookup in lookups.positioning {
                guard apply(gpos, lookup: lookup, substitution: false, to: &glyphs, mult: mult) else { return nil }
            }
        }
        return glyphs
    }

    /// The glyph's advance from hmtx, scaled by `mult` (`multiplier(scale:)`).
    func advance(of glyph: UInt32, by mult: Int64) -> Int {
        Self.scaled(hmtx.u16(4 * min(Int(glyph), advanceCount - 1)), by: mult)
    }

    // MARK: Which lookups

    private func lookups(latin: Bool) -> Lookups? {
        if let known = latin ? latinLookups : commonLookups { return known }
        var made: Lookups? = Lookups(substitution: [], positioning: [])
        for table in [gsub, gpos].compactMap({ $0 }) where table.u16(2) >= 1 && table.u32(10) != 0 {
            made = nil  // FeatureVariations: which features apply would depend on them.
        }
        if let gsub {
            let (stages, _) = Self.lookupIndices(gsub, latin: latin)
            made?.substitution = stages.flatMap { $0 }.compactMap { Self.lookupOffset(gsub, $0) }
        }
        var hasGPOSKern = false
        if let gpos {
            let (stages, kern) = Self.lookupIndices(gpos, latin: latin)
            hasGPOSKern = kern
            made?.positioning = stages.flatMap { $0 }.compactMap { Self.lookupOffset(gpos, $0) }
        }
        // HarfBuzz would kern from the legacy 'kern' table.
        if !hasGPOSKern, FontTable(face, "kern") != nil { made = nil }
        if latin { latinLookups = .some(made) } else { commonLookups = .some(made) }
        return made
    }

    /// The lookup indices of the features HarfBuzz enables, by stage (each
    /// sorted, no repeats), and whether a 'kern' feature was found.
    private static func lookupIndices(_ t: FontTable, latin: Bool) -> (stages: [[Int]], hasKern: Bool) {
        guard let scriptList = t.offset16(0, 4), let featureList = t.offset16(0, 6) else { return ([], false) }
        var script: Int?
        let tags = (latin ? [scripts.latn] : []) + [scripts.DFLT, scripts.dflt, scripts.latn]
        for tag in tags where script == nil {
            for i in 0..<t.u16(scriptList) where tag == t.tag(scriptList + 2 + 6 * i) {
                script = scriptList + t.u16(scriptList + 2 + 6 * i + 4)
                break
            }
        }
        guard let script, let langSys = t.offset16(script, 0) else { return ([], false) }
        var stages: [[Int]] = [[], []]
        var hasKern = false
        var taken: [UInt32] = []
        func add(feature index: Int, stage: Int) {
            let record = featureList + 2 + 6 * index
            let feature = featureList + t.u16(record + 4)
            for k in 0..<t.u16(feature + 2) { stages[stage].append(t.u16(feature + 4 + 2 * k)) }
        }
        let required = t.u16(langSys + 2)
        if required != 0xFFFF {
            let tag = t.tag(featureList + 2 + 6 * required)
            add(feature: required, stage: tag == rvrn || !features.contains(tag) ? 0 : 1)
        }
        for k in 0..<t.u16(langSys + 4) {
            let index = t.u16(langSys + 6 + 2 * k)
            let tag = t.tag(featureList + 2 + 6 * index)
            // HarfBuzz takes the first feature of each tag in the language system.
            guard !taken.contains(tag) else { continue }
            taken.append(tag)
            if tag == rvrn {
                add(feature: index, stage: 0)
            } else if features.contains(tag) {
                add(feature: index, stage: 1)
                if tag == kern { hasKern = true }
            }
        }
        // Each stage's lookups in index order, each once.
        return (stages.map { stage in
            var seen = -1
            return stage.sorted().filter { index in
                defer { seen = index }
                return index != seen
            }
        }, hasKern)
    }

    private static func lookupOffset(_ t: FontTable, _ index: Int) -> Int? {
        guard let list = t.offset16(0, 8), index < t.u16(list) else { return nil }
        return list + t.u16(list + 2 + 2 * index)
    }

    // MARK: Applying

    /// Applies one lookup when it is a ligature or pair lookup; otherwise
    /// answers false if it could apply to `glyphs` (the run is not plain).
    private func apply(_ t: FontTable, lookup: Int, substitution: Bool, to glyphs: inout [Glyph], mult: Int64 = 0) -> Bool {
        var type = t.u16(lookup)
        let flag = t.u16(lookup + 2)
        var subtables = (0..<t.u16(lookup + 4)).map { lookup + t.u16(lookup + 6 + 2 * $0) }
        if type == (substitution ? 7 : 9) {
            let first = subtables.first.map { t.u16($0 + 2) } ?? 0
            // Every subtable of an extension lookup has the same type.
            type = first
            subtables = subtables.compactMap { t.u16($0) == 1 && t.u16($0 + 2) == first ? $0 + t.u32($0 + 4) : nil }
        }
        // Skipping base glyphs or ligatures would change which glyphs are next
        // to each other: only the coverage test below is safe then.
        let adjacent = flag & 0x6 == 0
        if adjacent && substitution && type == 4 {
            applyLigatures(t, subtables, to: &glyphs)
            return true
        }
        if adjacent && !substitution && type == 2 {
            applyPairs(t, subtables, to: &glyphs, mult: mult)
            return true
        }
        guard (1...8).contains(type), type != (substitution ? 7 : 9) else { return false }
        return !subtables.contains { couldApply(t, type: type, contextual: substitution ? [5, 6] : [7, 8], $0, glyphs, adjacent) }
    }

    /// Whether subtable `s` of a lookup of `type` could apply somewhere in `glyphs`.
    private func couldApply(_ t: FontTable, type: Int, contextual: [Int], _ s: Int, _ glyphs: [Glyph], _ adjacent: Bool) -> Bool {
        func covers(_ coverage: Int, _ i: Int) -> Bool {
            i >= 0 && i < glyphs.count && t.coverageIndex(coverage, glyphs[i].id) != nil
        }
        func anyCovered(_ coverage: Int) -> Bool { glyphs.indices.contains { covers(coverage, $0) } }
        guard contextual.contains(type), t.u16(s) == 3 else { return anyCovered(s + t.u16(s + 2)) }
        // Format 3 (coverage per position): whether it matches at some position.
        var before: [Int] = [], input: [Int] = [], after: [Int] = []
        if type == contextual[0] {
            input = (0..<t.u16(s + 2)).map { s + t.u16(s + 6 + 2 * $0) }
        } else {
            var p = s + 2
            for k in 0..<3 {
                let list = (0..<t.u16(p)).map { s + t.u16(p + 2 + 2 * $0) }
                p += 2 + 2 * list.count
                if k == 0 { before = list } else if k == 1 { input = list } else { after = list }
            }
        }
        guard let first = input.first else { return false }
        if !adjacent { return anyCovered(first) }
        return glyphs.indices.contains { i in
            input.enumerated().allSatisfy { covers($1, i + $0) }
                && before.enumerated().allSatisfy { covers($1, i - 1 - $0) }
                && after.enumerated().allSatisfy { covers($1, i + input.count + $0) }
        }
    }

    /// GSUB type 4, format 1: at each glyph, the first ligature of the first
    /// subtable whose components follow it replaces them (cluster: the first's).
    private func applyLigatures(_ t: FontTable, _ subtables: [Int], to glyphs: inout [Glyph]) {
        var out: [Glyph] = []
        var i = 0
        next: while i < glyphs.count {
            for s in subtables where t.u16(s) == 1 {
                guard let c = t.coverageIndex(s + t.u16(s + 2), glyphs[i].id), c < t.u16(s + 4) else { continue }
                let set = s + t.u16(s + 6 + 2 * c)
                for l in 0..<t.u16(set) {
                    let ligature = set + t.u16(set + 2 + 2 * l)
                    let count = t.u16(ligature + 2)
                    guard count >= 1, i + count <= glyphs.count,
                          (1..<count).allSatisfy({ t.u16(ligature + 4 + 2 * ($0 - 1)) == Int(glyphs[i + $0].id) }) else { continue }
                    out.append(Glyph(id: UInt32(t.u16(ligature)), cluster: glyphs[i].cluster, advance: 0))
                    i += count
                    continue next
                }
            }
            out.append(glyphs[i])
            i += 1
        }
        glyphs = out
    }

    /// GPOS type 2: at each glyph and the next, the first subtable with the
    /// pair adjusts them; the second is skipped when it was adjusted too.
    private func applyPairs(_ t: FontTable, _ subtables: [Int], to glyphs: inout [Glyph], mult: Int64) {
        var i = 0
        while i + 1 < glyphs.count {
            var next = i + 1
            for s in subtables {
                guard let c = t.coverageIndex(s + t.u16(s + 2), glyphs[i].id) else { continue }
                let format1 = t.u16(s + 4), format2 = t.u16(s + 6)
                let size1 = 2 * format1.nonzeroBitCount, size2 = 2 * format2.nonzeroBitCount
                var values: Int?
                switch t.u16(s) {
                case 1:
                    guard c < t.u16(s + 8) else { continue }
                    let set = s + t.u16(s + 10 + 2 * c)
                    let record = 2 + size1 + size2
                    var lo = 0, hi = t.u16(set)
                    while lo < hi {
                        let mid = (lo + hi) / 2, second = t.u16(set + 2 + mid * record)
                        if second == Int(glyphs[i + 1].id) { values = set + 2 + mid * record + 2; break }
                        if second < Int(glyphs[i + 1].id) { lo = mid + 1 } else { hi = mid }
                    }
                case 2:
                    let class1 = t.glyphClass(s + t.u16(s + 8), glyphs[i].id)
                    let class2 = t.glyphClass(s + t.u16(s + 10), glyphs[i + 1].id)
                    let count1 = t.u16(s + 12), count2 = t.u16(s + 14)
                    if class1 < count1 && class2 < count2 { values = s + 16 + (class1 * count2 + class2) * (size1 + size2) }
                default:
                    break
                }
                guard let values else { continue }
                adjust(&glyphs[i], t, values, format1, mult)
                adjust(&glyphs[i + 1], t, values + size1, format2, mult)
                next = format2 != 0 ? i + 2 : i + 1
                break
            }
            i = next
        }
    }

    /// A ValueRecord on horizontal text: placements and the x advance (HarfBuzz
    /// ignores the y advance there, and device tables at no set ppem).
    private func adjust(_ glyph: inout Glyph, _ t: FontTable, _ at: Int, _ format: Int, _ mult: Int64) {
        var p = at
        for bit in 0..<8 where format & (1 << bit) != 0 {
            let v = t.s16(p)
            p += 2
            switch bit {
            case 0: glyph.xOffset += Self.scaled(v, by: mult)
            case 1: glyph.yOffset += Self.scaled(v, by: mult)
            case 2: glyph.advance += Self.scaled(v, by: mult)
            default: break
            }
        }
    }
}
