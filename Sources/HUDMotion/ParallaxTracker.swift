import HUDCore
#if canImport(Glibc)
import Glibc
#endif

/// Turns a stream of gravity readings into the tilts worth drawing:
/// low-pass filtered, held inside a dead zone so a device lying still does
/// not jitter, eased back to centre when the sensor fails, and reported only
/// when the bezel's rounded pixel offset changes. The tilt reported is
/// snapped so that tilt × amplitude × scale is that whole pixel offset: a
/// renderer gets crisp bezel edges and no sub-pixel drift between reports.
///
/// Pure logic on explicit instants, so tests drive it with no clock.
public struct ParallaxTracker: Sendable {
    public struct Settings: Hashable, Sendable {
        public var mapping = TiltMapping()
        /// Points at full tilt (`HUDConfiguration.motionAmplitude`, 10).
        public var amplitude: Double = 10
        /// Output pixels per point.
        public var outputScale: Double = 1
        /// Time constant of the low-pass filter on readings.
        public var smoothing: Duration = .milliseconds(150)
        /// Time constant of the glide back to centre after a fault.
        public var recentring: Duration = .milliseconds(400)
        /// Tilt changes smaller than this (on both axes) are ignored.
        public var deadZone: Double = 0.02
        /// The pose that leaves the bezel centred.
        public var neutral: NeutralAttitude = .flat

        public init() {}
    }

    public var settings: Settings
    /// The filter's state.
    public private(set) var filtered = HUDTilt.level
    /// The filtered tilt last accepted past the dead zone.
    public private(set) var current = HUDTilt.level
    /// `current` in output pixels.
    public private(set) var pixels = ParallaxPixelOffset.zero
    /// The last tilt passed on: `pixels` as a tilt.
    public private(set) var reported = HUDTilt.level
    private var lastUpdate: HUDInstant?
    /// The tilt of the neutral pose, subtracted from every reading.
    public private(set) var neutralTilt: HUDTilt?

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Feeds a validated reading taken at `time`. Returns the new tilt when the
    /// pixel offset changed, else nil. The first reading only starts the clock.
    public mutating func take(_ gravity: GravityVector, at time: HUDInstant) -> HUDTilt? {
        let raw = settings.mapping.tilt(for: gravity)
        if neutralTilt == nil { neutralTilt = settings.neutral == .start ? raw : .level }
        let zero = neutralTilt ?? .level
        let target = HUDTilt(x: raw.x - zero.x, y: raw.y - zero.y)
        return step(toward: target, at: time, timeConstant: settings.smoothing, snapToTarget: false)
    }

    /// Eases toward centre (the sensor failed or vanished). Call at the poll
    /// rate until `isCentred`. Returns the new tilt when the pixel offset changed.
    public mutating func recentre(at time: HUDInstant) -> HUDTilt? {
        if lastUpdate == nil { lastUpdate = time }
        return step(toward: .level, at: time, timeConstant: settings.recentring, snapToTarget: true)
    }

    public var isCentred: Bool { current == .level }

    private mutating func step(toward target: HUDTilt, at time: HUDInstant, timeConstant: Duration,
                               snapToTarget: Bool) -> HUDTilt? {
        guard let last = lastUpdate else {
            lastUpdate = time
            return nil
        }
        let dt = max((time - last).hudSeconds, 0)
        lastUpdate = max(time, last)
        let tau = timeConstant.hudSeconds
        let alpha = tau > 0 ? 1 - exp(-dt / tau) : 1
        var next = HUDTilt(x: filtered.x + (target.x - filtered.x) * alpha,
                           y: filtered.y + (target.y - filtered.y) * alpha)
        let zone = settings.deadZone
        if snapToTarget, abs(next.x - target.x) < zone, abs(next.y - target.y) < zone { next = target }
        filtered = next
        guard abs(next.x - current.x) >= zone || abs(next.y - current.y) >= zone || (snapToTarget && next == target) else {
            return nil
        }
        current = next
        let p = ParallaxPixelOffset(tilt: next, amplitude: settings.amplitude, scale: settings.outputScale)
        guard p != pixels else { return nil }
        pixels = p
        let k = settings.amplitude * settings.outputScale
        reported = k > 0 && k.isFinite ? HUDTilt(x: Double(p.x) / k, y: Double(p.y) / k) : .level
        return reported
    }
}
