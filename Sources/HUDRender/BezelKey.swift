import HUDCore

/// Everything the cached bezel image (backdrop blur aside) depends on.
struct BezelKey: Hashable {
    /// The configuration with fields that do not change the bezel's pixels reset.
    var configuration: HUDConfiguration
    var layout: BezelLayout
    var showsText: Bool
    var hasImage: Bool
}
