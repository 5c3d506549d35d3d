import HUDCore

/// Everything the cached bezel image (backdrop blur aside) depends on.
struct BezelKey: Hashable {
    /// The configuration with fields that do not change the bezel's pixels reset.
    var configuration: HUDConfiguration
    var layout: BezelLayout
    var showsText: Bool
    /// The button is drawn highlighted (pressed).
    var buttonHighlighted = false
    /// The file of the custom image drawn (a replaced file is a new key).
    var image: FileIdentity?
}
