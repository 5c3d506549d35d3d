import HUDCore

extension HUDRenderer {
    /// The device pixels the HUDs of the last `update` cover: each drawn
    /// bezel, or the whole screen while one dims or blurs it. What must be
    /// drawn over an app's own frame for it to show them (libkioskhud's
    /// `kh_stack_draw`); empty when no HUD is visible.
    public func coveredRegion() -> DamageRegion {
        if scenes.contains(where: { $0.dimming != nil || $0.backgroundBlur > 0 }) {
            return DamageRegion([geometry.bounds])
        }
        var region = DamageRegion()
        for scene in scenes where !scene.drawnDevice.isEmpty {
            region.add(scene.drawnDevice.intersection(geometry.bounds))
        }
        return region
    }
}
