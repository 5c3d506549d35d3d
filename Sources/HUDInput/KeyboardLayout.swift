/// An XKB keymap by its RMLVO names (`struct xkb_rule_names`), as
/// `setxkbmap` and `/etc/default/keyboard` name them. Empty fields take
/// xkeyboard-config's defaults (`evdev`, `pc105`, no variant, no options).
public struct KeyboardLayout: Sendable, Equatable, CustomStringConvertible {
    public var rules: String
    public var model: String
    /// One layout or several, comma-separated: `us`, `de`, `us,ru`.
    public var layout: String
    public var variant: String
    /// XKB options, comma-separated: `ctrl:nocaps`.
    public var options: String

    public init(rules: String = "evdev", model: String = "pc105", layout: String = "us",
                variant: String = "", options: String = "") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// `layout` or `layout(variant)`, the usual short name.
    public var description: String { variant.isEmpty ? layout : "\(layout)(\(variant))" }
}
