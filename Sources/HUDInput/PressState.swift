/// Whether a key or button went down or came up.
public enum PressState: Sendable, Equatable {
    case pressed
    case released
}
