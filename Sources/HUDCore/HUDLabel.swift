/// A text line or paragraph in the bezel (MBProgressHUD's `label` and `detailsLabel`).
public struct HUDLabel: Hashable, Sendable {
    /// UTF-8 text; empty hides the label.
    public var text: String
    public var font: HUDFont
    /// `nil` draws in the HUD's `contentColor`.
    public var color: HUDColor?
    /// Lines before the text is ellipsized; 0 means unlimited.
    public var maximumLines: Int

    public init(text: String = "", font: HUDFont, color: HUDColor? = nil, maximumLines: Int) {
        self.text = text
        self.font = font
        self.color = color
        self.maximumLines = max(0, maximumLines)
    }
}
