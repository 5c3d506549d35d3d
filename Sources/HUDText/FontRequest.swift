/// Which fonts a label wants: a family list (fontconfig's syntax, "Noto Sans,
/// Noto Sans CJK JP"), a weight and the language (CJK forms, fallbacks).
public struct FontRequest: Hashable, Sendable {
    public var family: String
    public var weight: FontWeight
    public var language: String

    public init(family: String, weight: FontWeight, language: String = "") {
        self.family = family
        self.weight = weight
        self.language = language
    }

    /// The key of this request in a recorded font list: "family|weight|language".
    public var recordKey: String { "\(family)|\(weight.name)|\(language)" }
}
