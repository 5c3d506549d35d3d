/// What `ask` asks for, in `kind=` (HUDCore's `HUDPromptKind`).
public enum WirePromptKind: String, Hashable, Sendable, CaseIterable {
    /// Typed as bullets, answered in `answer=` to the asking client only.
    case password
    /// Echoed as typed.
    case question

    public static let namesList = allCases.map(\.rawValue).joined(separator: ", ")
}
