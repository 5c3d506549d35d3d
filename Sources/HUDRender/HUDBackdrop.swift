import HUDCore

/// What the screen shows under every HUD: a colour and an optional image
/// (a logo or splash picture), placed like Plymouth's two-step theme.
public struct HUDBackdrop: Hashable, Sendable {
    /// Where the HUD goes relative to the image.
    public enum Placement: String, Hashable, Sendable, CaseIterable {
        /// Image centred on the screen, the HUD centred over it.
        case hudOver
        /// Image centred on the screen, the HUD centred in the space below it.
        case hudBelow
    }

    /// The screen colour; its alpha is ignored (the screen is opaque).
    public var color: HUDColor
    /// A PNG file, drawn centred at one image pixel per point; nil for none.
    public var imagePath: String?
    public var placement: Placement

    public init(color: HUDColor = .black, imagePath: String? = nil, placement: Placement = .hudOver) {
        self.color = color
        self.imagePath = imagePath
        self.placement = placement
    }
}
