internal import CText

/// The bytes of one table of an OpenType font, read big-endian. Every read is
/// bounds-checked: past the end reads as 0, so a truncated or hostile table
/// gives wrong numbers (and `PlainShaper` then leaves the text to HarfBuzz),
/// never a crash.
struct FontTable {
    let bytes: [UInt8]

    /// The table tagged `tag` ("GSUB") of `face` (FT_Load_Sfnt_Table); nil
    /// when the face has none.
    init?(_ face: FT_Face, _ tag: StaticString) {
        let t = FT_ULong(PlainShaper.tag(tag))
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, t, 0, nil, &length) == 0, length > 0, length < 1 << 26 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        guard bytes.withUnsafeMutableBufferPointer({ FT_Load_Sfnt_Table(face, t, 0, $0.baseAddress, &length) }) == 0 else {
            return nil
        }
        self.bytes = bytes
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ at: Int) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func s16(_ at: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(at))) }

    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }

    /// The four-byte tag at `at`, as a number ("GSUB" is 0x47535542).
    func tag(_ at: Int) -> UInt32 { UInt32(truncatingIfNeeded: u32(at)) }

    /// Offset `at` (16-bit) from `base`, or nil when it is 0 (no subtable).
    func offset16(_ base: Int, _ at: Int) -> Int? {
        let o = u16(base + at)
        return o == 0 ? nil : base + o
    }

    /// The index of `glyph` in the Coverage table at `at`, nil when not covered.
    func coverageIndex(_ at: Int, _ glyph: UInt32) -> Int? {
        let g = Int(glyph)
        let count = u16(at + 2)
        switch u16(at) {
        case 1:
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2, v = u16(at + 4 + 2 * mid)
                if v == g { return mid }
                if v < g { lo = mid + 1 } else { hi = mid }
            }
        case 2:
            if let r = rangeRecord(at + 4, count: count, g) { return u16(r + 4) + g - u16(r) }
        default:
            break
        }
        return nil
    }

    /// The record holding `glyph` among `count` sorted (first, last, value)
    /// records at `at` (Coverage and ClassDef format 2).
    private func rangeRecord(_ at: Int, count: Int, _ glyph: Int) -> Int? {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2, r = at + 6 * mid
            if glyph < u16(r) {
                hi = mid
            } else if glyph > u16(r + 2) {
                lo = mid + 1
            } else {
                return r
            }
        }
        return nil
    }

    /// The class of `glyph` in the ClassDef table at `at` (0 when unlisted).
    func glyphClass(_ at: Int, _ glyph: UInt32) -> Int {
        let g = Int(glyph)
        switch u16(at) {
        case 1:
            let first = u16(at + 2), count = u16(at + 4)
            return g >= first && g < first + count ? u16(at + 6 + 2 * (g - first)) : 0
        case 2:
            return rangeRecord(at + 4, count: u16(at + 2), g).map { u16($0 + 4) } ?? 0
        default:
            return 0
        }
    }
}
