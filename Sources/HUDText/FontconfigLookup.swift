internal import CText
internal import CLazyText

/// Asks fontconfig for a request's fallback chain (FcFontSort, trimmed to
/// the fonts that add characters): what Pango did for us. Loads libfontconfig
/// on first use and reads its configuration and caches, 10–30 ms warm and more
/// cold: the reason `RecordedFontList` exists.
enum FontconfigLookup {
    /// At most this many faces per chain.
    static let chainLimit = 256

    /// The chain, each face with its character set (FcCharSetCopy: the
    /// caller destroys them) so that a face is opened only for a character it has.
    static func chain(for request: FontRequest) throws(TextError) -> [(file: FontFile, charset: OpaquePointer?)] {
        if let error = kiosk_fontconfig_try_load() { throw .librariesMissing(String(cString: error)) }
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        for family in request.family.split(separator: ",") {
            let name = family.trimmingSpaces
            if !name.isEmpty { _ = FcPatternAddString(pattern, "family", name) }
        }
        _ = FcPatternAddInteger(pattern, kiosk_FC_WEIGHT, Int32(request.weight.rawValue))
        if !request.language.isEmpty { _ = FcPatternAddString(pattern, kiosk_FC_LANG, request.language) }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var files: [(file: FontFile, charset: OpaquePointer?)] = []
        for i in 0..<Int(set.pointee.nfont) where files.count < chainLimit {
            guard let font = set.pointee.fonts[i] else { continue }
            var path: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, kiosk_FC_FILE, 0, &path) == FcResultMatch, let path else { continue }
            var index: Int32 = 0
            if FcPatternGetInteger(font, kiosk_FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            let file = FontFile(path: String(cString: path), index: Int(index))
            guard !files.contains(where: { $0.file == file }) else { continue }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(font, kiosk_FC_CHARSET, 0, &charset) == FcResultMatch, let c = charset {
                charset = FcCharSetCopy(c)
            } else {
                charset = nil
            }
            files.append((file, charset))
        }
        return files
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
