/// One face of a font file: a path and the face's index in it (TrueType collections hold several).
public struct FontFile: Hashable, Sendable {
    public var path: String
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}
