/// Why a request was refused: the `code=` of an `error` response.
public enum ErrorCode: String, Hashable, Sendable, CaseIterable {
    /// The message exceeded `ProtocolLimits.maxLineBytes`.
    case tooLong = "too-long"
    /// The message is not valid UTF-8.
    case badUTF8 = "bad-utf8"
    /// The message does not follow the grammar (quotes, `key=value`, control bytes).
    case syntax
    /// The verb is not one this version knows.
    case unknownCommand = "unknown-command"
    /// A key the command does not take.
    case unknownKey = "unknown-key"
    /// The same key twice in one message.
    case duplicateKey = "duplicate-key"
    /// A key the command requires is absent.
    case missingKey = "missing-key"
    /// A value out of range or of the wrong kind.
    case badValue = "bad-value"
    /// `hello` asked for a protocol version this daemon does not speak.
    case version
    /// `update` with no HUD shown; `wait-button` or `press-button` with no
    /// button shown, or a `wait-button` whose HUD was hidden before a press.
    case notShown = "not-shown"
    /// The peer's credentials are not allowed.
    case denied
    /// The daemon has no room for another client.
    case busy
    /// `ask` answered with Ctrl-C.
    case cancelled
    /// `ask` with no way to type an answer (no input read, no display).
    case unavailable
    /// The daemon failed to carry the request out (e.g. a theme file could not be read).
    case failed
}
