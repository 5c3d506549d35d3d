/// A key as a prompt (or a keystroke observer) sees it: what an input
/// source hands `HUDStack.type(_:)`.
public enum HUDPromptKey: Hashable, Sendable {
    /// Printable text (one key's worth, as the keyboard layout typed it).
    case text(String)
    /// Enter: answers the prompt with what was typed.
    case enter
    /// Removes the last character typed.
    case backspace
    /// Clears what was typed.
    case escape
    /// Ctrl-C: answers `.interrupted`.
    case interrupt
}
