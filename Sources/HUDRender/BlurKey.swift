import HUDCore

/// Everything a bezel's blurred backdrop depends on: the pixels under it.
struct BlurKey: Hashable {
    var source: PixelRect
    var backdropGeneration: Int
    var below: [LayerLook]
    var dimming: HUDColor?
    var radius: Double
}
