/// What `MappedFileMover.moveOntoNewRoot()` did: how many files and
/// mappings now come from the new root, and which files stay mapped from
/// the old one, and why.
public struct MappedFileMove: CustomStringConvertible, Sendable {
    /// Files now mapped from the new root only.
    public var files = 0
    /// Mappings swapped.
    public var mappings = 0
    /// Files still mapped from the old root: their path and why.
    public var held: [(path: String, why: String)] = []

    public var description: String {
        var s = "\(mappings) mappings of \(files) files now from the new root"
        if held.isEmpty { return s + ", none held from the old one" }
        s += "; still from the old root: "
        s += held.map { "\($0.path) (\($0.why))" }.joined(separator: ", ")
        return s
    }
}
