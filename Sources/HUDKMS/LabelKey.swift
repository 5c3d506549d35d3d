import HUDCore

/// Everything that decides how a label's text renders.
public struct LabelKey: Hashable, Sendable {
    public var text: String
    public var font: HUDFont
    public var color: HUDColor
    public var maximumLines: Int
    /// Wrap width in pixels.
    public var maximumWidth: Int

    public init(text: String, font: HUDFont, color: HUDColor, maximumLines: Int, maximumWidth: Int) {
        self.text = text
        self.font = font
        self.color = color
        self.maximumLines = maximumLines
        self.maximumWidth = maximumWidth
    }
}
