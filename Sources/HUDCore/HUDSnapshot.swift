import HUDSystem
/// Everything a display shows at one instant: the visible HUDs, bottom first.
public struct HUDSnapshot: Hashable, Sendable {
    public var time: HUDInstant
    /// Visible HUDs, bottom first; hidden ones and those in their grace time are left out.
    public var layers: [HUDLayer]
    /// When the picture will next change by itself; `nil` when it is static
    /// until the next API call. Equal to `time` while animating continuously.
    public var nextChange: HUDInstant?
    /// The stack's `generation` when taken: a display that has presented a
    /// frame of this generation shows every change made so far.
    public var generation: Int

    public init(time: HUDInstant, layers: [HUDLayer], nextChange: HUDInstant?, generation: Int = 0) {
        self.time = time
        self.layers = layers
        self.nextChange = nextChange
        self.generation = generation
    }
}
