/// One client request (docs/protocol.md). Parse with `Request.parse(_:)`,
/// encode with `encoded()`.
public enum Request: Hashable, Sendable {
    /// Declares the client's protocol version.
    case hello(protocolVersion: Int)
    /// Answers `ok`: the daemon is alive.
    case ping
    /// Shows the HUD with these options over the theme's (or updates it when shown).
    case show(HUDSettings)
    /// Changes options of the shown HUD.
    case update(HUDSettings)
    /// Sets progress, in percent (0...100); shows a bar when no HUD is up.
    case progress(percent: Double)
    /// Sets the label text; shows the HUD when none is up.
    case message(String)
    /// Hides the HUD, after `afterSeconds` if given (min-show still applies).
    case hide(afterSeconds: Double?, animated: Bool)
    /// Stops the daemon; with `retain`, the last picture stays on screen for a
    /// program taking over the display.
    case quit(retain: Bool)
    /// Answers the HUD's state.
    case status
    /// Re-reads the theme (as SIGHUP does).
    case reload
    /// Moves the daemon into the real root before the initramfs switches to
    /// it (as `plymouth update-root-fs --new-root-dir` does): an absolute path.
    case newroot(directory: String)
    /// Answered `ok` only when the daemon exits (`hud wait`); the connection
    /// stays open until then and does not count against the client limit.
    case wait
    /// Answered `ok` when the shown HUD's button is pressed; `error
    /// code=not-shown` at once when no HUD with a button is up, or later
    /// when the HUD is hidden first; `error code=failed` when the daemon quits first.
    case waitButton
    /// Presses the shown HUD's button as Enter would: a test and automation hook.
    case pressButton
    /// Asks in the HUD's bezel (shown if it is not up); answered `ok
    /// answer=TEXT` when Enter is pressed, `error code=cancelled` on Ctrl-C,
    /// `error code=not-shown` when the HUD goes first, `error
    /// code=unavailable` at once when no keys can be read.
    case ask(WirePromptKind, prompt: String)
    /// Types `text`, then presses `key` if given, as a keyboard would (keystroke
    /// watches first, then the active prompt): a test and automation hook.
    case type(text: String, key: WireKey?)

    /// The verb that starts the message.
    public var verb: String {
        switch self {
        case .hello: return "hello"
        case .ping: return "ping"
        case .show: return "show"
        case .update: return "update"
        case .progress: return "progress"
        case .message: return "message"
        case .hide: return "hide"
        case .quit: return "quit"
        case .status: return "status"
        case .reload: return "reload"
        case .newroot: return "newroot"
        case .wait: return "wait"
        case .waitButton: return "wait-button"
        case .pressButton: return "press-button"
        case .ask: return "ask"
        case .type: return "type"
        }
    }

    /// Every verb this version knows.
    public static let verbs = ["hello", "ping", "show", "update", "progress", "message", "hide", "quit", "status", "reload", "newroot", "wait", "wait-button", "press-button", "ask", "type"]
}
