/// What a prompt in the bezel asks for.
public enum HUDPromptKind: String, Hashable, Sendable, CaseIterable {
    /// A passphrase: drawn as one bullet per character, never echoed, logged or reported.
    case password
    /// A question: the typed text is shown as it is typed.
    case question
}
