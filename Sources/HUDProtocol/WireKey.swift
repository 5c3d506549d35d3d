/// A named key for `type key=` (the test and automation hook into prompts).
public enum WireKey: String, Hashable, Sendable, CaseIterable {
    /// Answers the prompt with what was typed.
    case enter
    /// Removes the last character typed.
    case backspace
    /// Clears what was typed.
    case escape
    /// Ctrl-C: the prompt is answered "cancelled".
    case interrupt

    public static let namesList = allCases.map(\.rawValue).joined(separator: ", ")
}
