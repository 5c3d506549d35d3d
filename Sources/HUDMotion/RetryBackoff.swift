/// Delays between attempts to reopen a failed sensor: initial, doubling,
/// capped; back to initial after a success.
public struct RetryBackoff: Hashable, Sendable {
    public let initial: Duration
    public let maximum: Duration
    public private(set) var next: Duration

    public init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = max(maximum, initial)
        next = initial
    }

    /// The delay to wait now; the following one doubles.
    public mutating func take() -> Duration {
        let d = next
        next = min(next * 2, maximum)
        return d
    }

    public mutating func reset() { next = initial }
}
