import HUDCore

/// One HUD as the renderer will draw it: its layout, text and the device
/// rectangles used for damage.
struct LayerScene {
    var id: Int
    var configuration: HUDConfiguration
    var presentation: HUDPresentation
    var layout: BezelLayout
    var key: BezelKey
    var dynamic: DynamicIndicator
    var label: TextBlock?
    var details: TextBlock?
    var button: TextBlock?
    var image: CairoImage?
    /// The bezel at scale 1 (the cached image's extent).
    var bezelDevice: PixelRect
    /// What the bezel covers on screen after `bezelScale`; empty when transparent.
    var drawnDevice: PixelRect
    /// The dynamic indicator's box on screen; empty when there is none.
    var indicatorDevice: PixelRect
    /// The button on screen (with a pixel for anti-aliasing); empty when there is none.
    var buttonDevice: PixelRect
    /// The background dimming colour with `backgroundAlpha` applied, nil when
    /// none (with a blurred background, never nil while it shows: maybe clear).
    var dimming: HUDColor?
    /// How much of the blurred screen shows under the dimming (`backgroundStyle` `.blur`): 0 for none.
    var backgroundBlur: Double = 0
    /// The presentation the scene was made from (before clamping).
    var source: HUDPresentation
    /// The layout area it was made for.
    var area: LayoutRect
    /// `HUDRenderer.sceneInputGeneration` when it was made: a new style, backdrop
    /// or text engine makes every scene stale.
    var inputGeneration: Int

    /// Whether `other` is this scene with the button pressed or released, and nothing else moved.
    func onlyButtonHighlightDiffers(from other: LayerScene) -> Bool {
        guard key.buttonHighlighted != other.key.buttonHighlighted, drawnDevice == other.drawnDevice,
              buttonDevice == other.buttonDevice, presentation.bezelAlpha == other.presentation.bezelAlpha,
              presentation.bezelScale == other.presentation.bezelScale else { return false }
        var k = key
        k.buttonHighlighted = other.key.buttonHighlighted
        return k == other.key
    }

    /// What the layer looks like, for deciding whether a blur above it must be recomputed.
    var look: LayerLook { LayerLook(key: key, presentation: presentation) }
}

/// A layer's appearance as a value.
struct LayerLook: Hashable {
    var key: BezelKey
    var presentation: HUDPresentation
}

extension HUDPresentation {
    /// Whether `other` differs from this presentation at most in the spinner's
    /// phase and the progress: what a dynamic indicator alone shows.
    func differsOnlyInIndicator(from other: HUDPresentation) -> Bool {
        bezelAlpha == other.bezelAlpha && bezelScale == other.bezelScale
            && backgroundAlpha == other.backgroundAlpha && parallaxOffset == other.parallaxOffset
            && buttonHighlighted == other.buttonHighlighted
    }
}

extension HUDConfiguration {
    /// Whether `other` is this configuration with at most another `progress`.
    func equalsIgnoringProgress(_ other: HUDConfiguration) -> Bool {
        guard progress != other.progress else { return self == other }
        var aligned = self
        aligned.progress = other.progress
        return aligned == other
    }
}
