/// What a prompt shows in a snapshot: `HUDLayer.prompt`. The renderer draws
/// `message` in the label's place and `entry` in the details' place.
public struct HUDPrompt: Hashable, Sendable {
    public var kind: HUDPromptKind
    /// What is asked, e.g. "Disk passphrase for root".
    public var message: String
    /// What the entry line shows: a bullet per character of a password (never
    /// its text), a question's text as typed; then a caret.
    public var entry: String

    public init(kind: HUDPromptKind, message: String, entry: String) {
        self.kind = kind
        self.message = message
        self.entry = entry
    }

    /// The bullet a password's characters are drawn as.
    public static let bullet: Character = "\u{25CF}"
    /// Drawn after what was typed, where the next character goes.
    public static let caret: Character = "_"
}
