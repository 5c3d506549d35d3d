import HUDCore

/// How the daemon's HUD looks when a client does not say: the base
/// configuration every `show` starts from, and the screen behind it.
///
/// Read from a `theme.conf` (see `ThemeFile`); images are resolved against
/// the theme's directory.
public struct DaemonTheme: Hashable, Sendable {
    /// Name shown in logs (the directory name).
    public var name = "builtin"
    /// The configuration a `show` starts from.
    public var base = HUDConfiguration()
    /// The indicator used when progress arrives and the HUD shows none
    /// (`hud progress`, psplash's `PROGRESS`).
    public var progressMode: HUDMode = .determinateHorizontalBar
    /// The screen colour behind the HUD.
    public var backdropColor = HUDColor.black
    /// A PNG drawn centred on the screen (a logo), absolute path.
    public var backdropImage: String?
    /// `hudBelow`: the HUD sits under the backdrop image instead of over it.
    public var hudBelowImage = false
    /// BCP 47 language for text shaping and CJK glyph choice; empty = guess.
    public var language = ""

    public init() {
        base.bezelStyle = .solidColor
        base.label.font.family = "Noto Sans, Noto Sans CJK SC, DejaVu Sans, sans-serif"
        base.detailsLabel.font.family = base.label.font.family
    }
}
