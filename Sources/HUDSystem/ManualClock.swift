

/// A clock that moves only when told to. An `EventLoop` built on it fires its
/// timers from `EventLoop.advance(by:)`, so tests never sleep.
public final class ManualClock: HUDClock {
    private let current: Locked<HUDInstant>

    public init(start: HUDInstant = .zero) { current = Locked(start) }

    public func now() -> HUDInstant { current.withLock { $0 } }

    /// Sets the time; moving backwards is ignored (the clock is monotonic).
    func set(_ instant: HUDInstant) {
        current.withLock { if instant > $0 { $0 = instant } }
    }
}
