/// How a prompt ended; handed once to its asker, on the stack's loop.
public enum HUDPromptAnswer: Hashable, Sendable {
    /// Enter was pressed: the text typed (possibly empty).
    case text(String)
    /// Ctrl-C was pressed.
    case interrupted
    /// The prompt went without an answer: its HUD was hidden or removed,
    /// the asker withdrew it, or keys can no longer be read.
    case withdrawn
}
