/// What `HUDRenderer.update(to:)` found: the screen area that changed since
/// the previous update, and problems met on the way (each reported once).
public struct FrameUpdate: Sendable {
    /// Device-pixel rectangles to repaint; empty when the picture is unchanged.
    public var damage: DamageRegion
    /// E.g. an unreadable custom image (drawn without it). Never fatal.
    public var problems: [RenderError]
    /// With `CompositionTarget.overlayPlane`: what changed in the app's
    /// picture, in device pixels, for the plane under the HUD's (`HUDRenderer.drawContent`).
    public var contentDamage: DamageRegion

    public init(damage: DamageRegion, problems: [RenderError], contentDamage: DamageRegion = DamageRegion()) {
        self.damage = damage
        self.problems = problems
        self.contentDamage = contentDamage
    }
}
