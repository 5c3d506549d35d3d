import HUDCore

/// What one painted frame really showed, for the daemon's start-up log lines
/// ("first frame on screen …: bezel, spinner, logo; label waiting for fonts").
public struct FrameContent: Sendable, Equatable, CustomStringConvertible {
    /// The topmost visible HUD's indicator; nil: no HUD visible.
    public var mode: HUDMode?
    /// The theme's logo was drawn.
    public var logo = false
    /// A visible HUD has a label or details.
    public var hasText = false
    /// Its text was drawn (the text libraries and a font loaded).
    public var textDrawn = false
    /// FreeType, HarfBuzz or FriBidi is missing: text can never be drawn.
    public var graphicsMissing = false
    /// Drawn by the Swift painter (every frame that needs nothing only Cairo does).
    public var withoutCairo = false

    public init() {}

    public var description: String {
        var parts: [String] = []
        if let mode { parts.append("bezel, \(mode)") } else { parts.append("no HUD") }
        if logo { parts.append("logo") }
        var text = ""
        if hasText {
            text = textDrawn ? "; label drawn"
                : graphicsMissing ? "; label NOT drawn (text libraries missing)" : "; label waiting for fonts"
        }
        return parts.joined(separator: ", ") + text + (withoutCairo ? " (Swift painter)" : " (Cairo)")
    }
}
