/// What went wrong finding fonts or laying out text, naming what was wrong.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A recorded font list that cannot be read or parsed.
    case badFontList(String)
    /// FreeType could not be loaded (`TextLibraries.tryLoad`'s reason).
    case librariesMissing(String)
    /// HarfBuzz or FriBidi could not be loaded when text needed them
    /// (`TextLibraries.tryLoadShaping`'s reason).
    case shapingMissing(String)
    /// No font file for a request could be opened.
    case noFont(String)

    public var description: String {
        switch self {
        case .badFontList(let s): return "font list: \(s)"
        case .librariesMissing(let s): return "\(s): labels are not drawn"
        case .shapingMissing(let s): return "\(s): text beyond Latin is drawn unshaped, one glyph per character"
        case .noFont(let s): return "no font found for \(s)"
        }
    }
}
