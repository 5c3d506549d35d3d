/// How lines of a label sit within the text block.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Every line centred, like MBProgressHUD's labels. Default.
    case center
    /// Lines start at the reading edge: left for Latin, right for Arabic or Hebrew.
    case natural
}
