/// A handle to a callback scheduled on an `EventLoop`.
public struct ScheduledTimer: Sendable {
    let id: UInt64
    weak var loop: EventLoop?

    /// Stops the callback from running, if it has not run yet. Any thread.
    public func cancel() { loop?.cancelTimer(id) }
}
