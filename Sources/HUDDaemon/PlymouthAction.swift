import HUDCore
import HUDPlymouth

/// What the daemon makes of one Plymouth request (`PlymouthServer`'s handler).
public enum PlymouthAction: Equatable, Sendable {
    /// Answer at once (in request order).
    case reply(PlymouthReply)
    /// Quit, keeping the picture with `retainSplash`; ACKed just before the daemon exits.
    case quit(retainSplash: Bool)
    /// ACKed once the daemon is idle (its picture settled), as plymouthd does.
    case deactivate
    /// Ask in the bezel (`*`, `W`); ANSWERed with what is typed, through `PlymouthServer`'s `ask`.
    case ask(HUDPromptKind, message: String)
}
