import HUDCore

/// Decides when the next frame may be rendered.
///
/// The HUD says when its picture changes next (`HUDSnapshot.nextChange`:
/// nil = static, `== time` = animating, later = sleep until then). Frames
/// are never closer together than `interval` (the mode's refresh period, or a
/// cap), which also paces drivers whose flip events do not wait for a real
/// vblank (QEMU's bochs and virtio-gpu complete a flip within milliseconds).
public struct FramePacer: Sendable, Equatable {
    /// The least time between two frame starts.
    public let interval: Duration
    /// When the last frame started rendering.
    public private(set) var lastFrame: HUDInstant?

    /// - Parameters:
    ///   - refreshRate: the mode's refresh rate in Hz.
    ///   - cap: an optional lower frame rate limit, in frames per second.
    public init(refreshRate: Double, cap: Double? = nil) {
        var fps = refreshRate.isFinite && refreshRate > 0 ? refreshRate : 60
        if let cap, cap.isFinite, cap > 0 { fps = min(fps, cap) }
        interval = .nanoseconds(Int64(1e9 / fps))
    }

    /// The instant a frame wanted at `wanted` may start.
    public func earliestStart(for wanted: HUDInstant) -> HUDInstant {
        guard let lastFrame else { return wanted }
        return max(wanted, lastFrame + interval)
    }

    /// Records that a frame starts at `time`.
    public mutating func frameStarted(at time: HUDInstant) {
        lastFrame = time
    }

    /// When the frame after one showing `snapshot` should be drawn:
    /// nil when the picture is static.
    public func nextFrame(after snapshot: HUDSnapshot) -> HUDInstant? {
        guard let change = snapshot.nextChange else { return nil }
        return earliestStart(for: change)
    }
}
