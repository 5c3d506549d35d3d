import HUDCore

/// Everything a bezel's blurred backdrop depends on besides its extent:
/// the pixels under it.
struct BlurKey: Hashable {
    var backdropGeneration: Int
    var below: [LayerLook]
    var dimming: HUDColor?
    var radius: Double
    var method: BlurMethod
}
