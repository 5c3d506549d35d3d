import HUDCore

/// A theme's settings for the label or the details label; nil keeps the default.
public struct HUDThemeLabel: Hashable, Sendable {
    public var fontFamily: String?
    public var fontSize: Double?
    public var bold: Bool?
    public var color: HUDColor?
    public var maximumLines: Int?

    public init() {}

    func apply(to label: inout HUDLabel) {
        if let fontFamily { label.font.family = fontFamily }
        if let fontSize { label.font.size = fontSize }
        if let bold { label.font.bold = bold }
        if let color { label.color = color }
        if let maximumLines { label.maximumLines = maximumLines }
    }
}
