internal import CText
internal import CLazyText

/// One paragraph of a label, analysed: its characters, their bidi levels
/// (FriBidi, direction from the first strong character), the face each is
/// drawn with (the first in the chain that has it; marks and spaces keep the
/// face before them) and their scripts (HarfBuzz's Unicode data). A plain
/// paragraph (Latin letters, digits, punctuation: `plainScript`) needs
/// neither: it is left to right at level 0, its letters Latin.
struct TextParagraph {
    let scalars: [UInt32]
    let levels: [UInt8]
    let isRightToLeft: Bool
    let faces: [FontFace?]
    let scripts: [hb_script_t]
    /// Every character has a `plainScript` and the direction is left to right:
    /// `PlainShaper` may shape its runs, and FriBidi and HarfBuzz were not asked.
    let isPlain: Bool

    /// - Parameter rightToLeft: the base direction; nil: from the text.
    init(scalars: [UInt32], chain: FontChain, rightToLeft: Bool? = nil) {
        self.scalars = scalars
        let n = scalars.count
        var levels = [UInt8](repeating: 0, count: n)
        var rtl = rightToLeft ?? false
        isPlain = rightToLeft != true && scalars.allSatisfy { Self.plainScript($0) != nil }
        if n > 0, !isPlain, kiosk_shaping_try_load() == nil {
            var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
            var brackets = [FriBidiBracketType](repeating: 0, count: n)
            var raw = [FriBidiLevel](repeating: 0, count: n)
            var base = rightToLeft.map { $0 ? kiosk_FRIBIDI_PAR_RTL : kiosk_FRIBIDI_PAR_LTR } ?? kiosk_FRIBIDI_PAR_ON
            scalars.withUnsafeBufferPointer { s in
                fribidi_get_bidi_types(s.baseAddress, FriBidiStrIndex(n), &types)
                fribidi_get_bracket_types(s.baseAddress, FriBidiStrIndex(n), types, &brackets)
            }
            if fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &base, &raw) > 0 {
                levels = raw.map { UInt8(bitPattern: $0) }
            }
            rtl = base == kiosk_FRIBIDI_PAR_RTL
        }
        self.levels = levels
        isRightToLeft = rtl

        let unicode = isPlain || kiosk_shaping_try_load() != nil ? nil : hb_unicode_funcs_get_default()
        var faces: [FontFace?] = []
        var scripts: [hb_script_t] = []
        faces.reserveCapacity(n)
        for (i, c) in scalars.enumerated() {
            let previous = i > 0 ? faces[i - 1] : nil
            if let previous, LineBreaks.isMark(c) || LineBreaks.isSpace(c) || c == 0x20, previous.covers(c) || LineBreaks.isMark(c) {
                faces.append(previous)
            } else {
                faces.append(chain.face(covering: c) ?? chain.primary)
            }
            let script = unicode.map { hb_unicode_script($0, c) } ?? Self.plainScript(c) ?? HB_SCRIPT_COMMON
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN {
                scripts.append(scripts.last ?? HB_SCRIPT_COMMON)
            } else {
                scripts.append(script)
            }
        }
        // Leading neutral characters take the script of the first that has one.
        if let first = scripts.firstIndex(where: { $0 != HB_SCRIPT_COMMON }) {
            for i in 0..<first { scripts[i] = scripts[first] }
        }
        self.faces = faces
        self.scripts = scripts
    }

    /// Latin or Common for a character of a plain paragraph, nil for any other:
    /// letters of Latin-1 and Latin Extended-A and -B, ASCII, Latin-1's signs,
    /// General Punctuation's dashes, quotes and marks, currency signs and ™.
    /// None is a mark, a format character or right to left, and none takes part
    /// in HarfBuzz's automatic fractions (U+2044), space fallback or hiding.
    static func plainScript(_ c: UInt32) -> hb_script_t? {
        switch c {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F:
            return HB_SCRIPT_LATIN
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0xBF, 0xD7, 0xF7, 0x2010...0x2027, 0x2030...0x2043, 0x2045...0x205E,
             0x20A0...0x20C0, 0x2122:
            return HB_SCRIPT_COMMON
        default:
            return nil
        }
    }

    /// Maximal runs in `range` with one level, face and script.
    func runs(in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where i > start {
            if levels[i] != levels[start] || faces[i] !== faces[start] || scripts[i] != scripts[start] {
                result.append(start..<i)
                start = i
            }
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }
}
