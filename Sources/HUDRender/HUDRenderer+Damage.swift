import HUDCore

extension HUDRenderer {
    /// The device pixels that differ between two consecutive pictures.
    ///
    /// A dimming change repaints the screen; a bezel change repaints the old
    /// and new bezel; a spinner step or progress change repaints only the
    /// indicator box. A change under a blurred bezel repaints that bezel too.
    /// `content`: what changed in the app's picture (device pixels); on a
    /// `.screen` target it is repainted like any change.
    func damageBetween(_ old: [LayerScene], _ new: [LayerScene], content: DamageRegion = DamageRegion()) -> DamageRegion {
        let screen = geometry.bounds
        if fullDamagePending {
            fullDamagePending = false
            sceneGeneration += 1
            return DamageRegion([screen])
        }
        var damage = target == .screen ? content : DamageRegion()
        var onlyIndicators = content.isEmpty
        let full = DamageRegion([screen])

        // Layers that went away, or a change of stacking order. (The same
        // layers in the same order, every animation frame, allocate nothing here.)
        let sameLayers = old.count == new.count && old.indices.allSatisfy { old[$0].id == new[$0].id }
        if !sameLayers {
            let newIDs = new.map(\.id)
            let oldIDs = old.map(\.id)
            if oldIDs.filter(newIDs.contains) != newIDs.filter(oldIDs.contains) {
                sceneGeneration += 1
                return full
            }
            for o in old where !newIDs.contains(o.id) {
                if o.dimming != nil { sceneGeneration += 1; return full }
                damage.add(o.drawnDevice)
                onlyIndicators = false
            }
        }

        for (index, n) in new.enumerated() {
            // Something under a blurred bezel changed: the bezel must be drawn again.
            if n.configuration.bezelStyle == .blur, !n.drawnDevice.isEmpty,
               damage.rects.contains(where: { $0.intersects(n.drawnDevice) }) {
                damage.add(n.drawnDevice)
                onlyIndicators = false
            }
            guard let oldIndex = sameLayers ? index : old.firstIndex(where: { $0.id == n.id }) else {
                if n.dimming != nil { sceneGeneration += 1; return full }
                damage.add(n.drawnDevice)
                onlyIndicators = false
                continue
            }
            let o = old[oldIndex]
            if o.dimming != n.dimming || o.backgroundBlur != n.backgroundBlur { sceneGeneration += 1; return full }
            if o.key != n.key, o.onlyButtonHighlightDiffers(from: n) {
                // A press or release repaints the button alone.
                damage.add(o.buttonDevice)
                damage.add(n.buttonDevice)
                onlyIndicators = false
            } else if o.key != n.key || o.drawnDevice != n.drawnDevice
                || o.presentation.bezelAlpha != n.presentation.bezelAlpha
                || o.presentation.bezelScale != n.presentation.bezelScale {
                damage.add(o.drawnDevice)
                damage.add(n.drawnDevice)
                onlyIndicators = false
            } else if o.dynamic != n.dynamic {
                damage.add(o.indicatorDevice)
                damage.add(n.indicatorDevice)
                // Cached indicator backgrounds of overlapping HUDs hold this indicator.
                if new.contains(where: { $0.id != n.id && $0.drawnDevice.intersects(n.indicatorDevice) }) {
                    onlyIndicators = false
                }
            }
        }
        if !onlyIndicators { sceneGeneration += 1 }
        return damage
    }
}
