/// Everything a display shows at one instant: the visible HUDs, bottom first.
public struct HUDSnapshot: Hashable, Sendable {
    public var time: HUDInstant
    /// Visible HUDs, bottom first; hidden ones and those in their grace time are left out.
    public var layers: [HUDLayer]
    /// When the picture will next change by itself; `nil` when it is static
    /// until the next API call. Equal to `time` while animating continuously.
    public var nextChange: HUDInstant?

    public init(time: HUDInstant, layers: [HUDLayer], nextChange: HUDInstant?) {
        self.time = time
        self.layers = layers
        self.nextChange = nextChange
    }
}
