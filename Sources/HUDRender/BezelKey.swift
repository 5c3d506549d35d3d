import HUDCore

/// Everything the cached bezel image (backdrop blur aside) depends on.
struct BezelKey: Hashable {
    /// The configuration with `progress` zeroed: progress only moves the indicator.
    var configuration: HUDConfiguration
    var layout: BezelLayout
    var showsText: Bool
    var hasImage: Bool
}
