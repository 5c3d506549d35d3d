internal import CText

/// One request's fonts in fallback order, each opened when a character first
/// needs it: a face whose fontconfig character set lacks the character is
/// not opened at all (a recorded chain has no sets: its faces open in turn).
final class FontChain {
    private unowned let catalog: FontCatalog
    let files: [FontFile]
    private let charsets: [OpaquePointer?]
    private var opened: [FontFace?] = []

    init(catalog: FontCatalog, files: [FontFile], charsets: [OpaquePointer?] = []) {
        self.catalog = catalog
        self.files = files
        self.charsets = charsets
    }

    deinit {
        for case let c? in charsets { FcCharSetDestroy(c) }
    }

    /// The face at `index`, opened on first use.
    func face(at index: Int) -> FontFace? {
        while opened.count <= index { opened.append(catalog.face(files[opened.count])) }
        return opened[index]
    }

    /// The primary face: the first of the chain that opens.
    var primary: FontFace? {
        for i in files.indices { if let f = face(at: i) { return f } }
        return nil
    }

    /// The first face that has a glyph for `scalar`, nil when none has.
    func face(covering scalar: UInt32) -> FontFace? {
        for i in files.indices {
            if i < charsets.count, let c = charsets[i], FcCharSetHasChar(c, scalar) == 0 { continue }
            if let f = face(at: i), f.covers(scalar) { return f }
        }
        return nil
    }
}
