import HUDCore

/// Everything a bezel's blurred backdrop depends on besides its extent:
/// the pixels under it.
struct BlurKey: Hashable {
    var backdropGeneration: Int
    /// `HUDRenderer.blurContentStamp`: the last change of the app's picture under the bezel.
    var contentStamp: Int
    var below: [LayerLook]
    var dimming: HUDColor?
    var radius: Double
    var method: BlurMethod
}
