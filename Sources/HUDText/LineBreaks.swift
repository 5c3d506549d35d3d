internal import CText
internal import CLazyText

/// Where lines may break in a paragraph (a small part of UAX #14): after
/// spaces and dashes, between CJK characters (not before closing or after
/// opening punctuation), inside Thai words where libthai's dictionary says,
/// and never before a combining mark.
enum LineBreaks {
    /// `result[i]`: a line may start at scalar `i`.
    static func opportunities(in s: [UInt32]) -> [Bool] {
        var allowed = [Bool](repeating: false, count: s.count)
        guard s.count > 1 else { return allowed }
        for i in 1..<s.count {
            let prev = s[i - 1], cur = s[i]
            if isMark(cur) || isSpace(cur) { continue }
            if isSpace(prev) || isDash(prev) {
                allowed[i] = true
            } else if isIdeographic(prev) || isIdeographic(cur) {
                allowed[i] = !noBreakBefore.contains(cur) && !noBreakAfter.contains(prev)
            }
        }
        markThaiBreaks(s, into: &allowed)
        return allowed
    }

    static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x3000 || c == 0x200B }

    static func isDash(_ c: UInt32) -> Bool { c == 0x2D || c == 0x2010 || c == 0x2013 || c == 0x2014 || c == 0x2F }

    /// Combining marks, joiners and variation selectors: they stay with the character before.
    static func isMark(_ c: UInt32) -> Bool {
        if c == 0x200C || c == 0x200D || (0xFE00...0xFE0F).contains(c) { return true }
        guard let scalar = Unicode.Scalar(c) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Characters a line may break before or after without a space (CJK ideographs, kana, Hangul, fullwidth forms).
    static func isIdeographic(_ c: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(c) || (0xAC00...0xD7AF).contains(c) || (0xF900...0xFAFF).contains(c)
            || (0xFF00...0xFFEF).contains(c) || (0x20000...0x3FFFF).contains(c)
    }

    static let noBreakBefore: Set<UInt32> = Set("、。，．：；！？）］｝」』】〕〉》〙〛ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・,.:;!?)]}…%".unicodeScalars.map(\.value))
    static let noBreakAfter: Set<UInt32> = Set("（［｛「『【〔〈《〘〚([{".unicodeScalars.map(\.value))

    static func isThai(_ c: UInt32) -> Bool { (0x0E00...0x0E7F).contains(c) }

    /// Word breaks inside each run of Thai letters, from libthai (loaded for
    /// Thai only). Without libthai a Thai run breaks only at its spaces.
    private static func markThaiBreaks(_ s: [UInt32], into allowed: inout [Bool]) {
        var i = 0
        while i < s.count {
            guard isThai(s[i]) else { i += 1; continue }
            var end = i
            while end < s.count, isThai(s[end]) { end += 1 }
            if end - i > 1, kiosk_thai_try_load() == nil {
                var wide = s[i..<end].map { thwchar_t(truncatingIfNeeded: $0) } + [0]
                var positions = [Int32](repeating: 0, count: end - i)
                let count = th_brk_wc_find_breaks(nil, &wide, &positions, positions.count)
                for k in 0..<max(0, Int(count)) {
                    let at = i + Int(positions[k])
                    if at > i, at < end, !isMark(s[at]) { allowed[at] = true }
                }
            }
            i = end
        }
    }
}
