/// A point on a monotonic time line, in nanoseconds since an arbitrary origin.
///
/// Both `SystemClock` (`CLOCK_MONOTONIC`) and `ManualClock` produce these, so
/// every timing rule can be driven by a test clock.
public struct HUDInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = HUDInstant(nanoseconds: 0)

    public static func < (a: HUDInstant, b: HUDInstant) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (a: HUDInstant, d: Duration) -> HUDInstant {
        HUDInstant(nanoseconds: a.nanoseconds &+ d.hudNanoseconds)
    }

    public static func - (a: HUDInstant, d: Duration) -> HUDInstant {
        HUDInstant(nanoseconds: a.nanoseconds &- d.hudNanoseconds)
    }

    public static func - (a: HUDInstant, b: HUDInstant) -> Duration {
        .nanoseconds(a.nanoseconds &- b.nanoseconds)
    }

    public var description: String { "\(Double(nanoseconds) / 1e9)s" }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating at `Int64`'s range.
    public var hudNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (ns, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return ns &+ attoseconds / 1_000_000_000
    }

    /// The duration in seconds as a `Double`.
    public var hudSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A duration from seconds; non-finite or negative values become zero.
    public static func hudSeconds(_ s: Double) -> Duration {
        guard s.isFinite, s > 0 else { return .zero }
        return .nanoseconds(Int64(min(s, 9e9) * 1e9))
    }
}
