import HUDCore

/// Everything a bezel's blurred backdrop depends on besides its extent:
/// the pixels under it.
struct BlurKey: Hashable {
    var backdropGeneration: Int
    /// `HUDRenderer.blurContentStamp`: the last change of the app's picture under the bezel.
    var contentStamp: Int
    var below: [LayerLook]
    var dimming: HUDColor?
    /// The layer's own blurred background under the dimming (`LayerScene.backgroundBlur`).
    var backgroundBlur: Double
    var radius: Double
    var method: BlurMethod
}
