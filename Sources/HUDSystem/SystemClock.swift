#if canImport(Glibc)
import Glibc
#endif

/// The real monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`), the same time
/// line `timerfd` uses.
public final class SystemClock: HUDClock {
    public static let shared = SystemClock()

    public init() {}

    public func now() -> HUDInstant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return HUDInstant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }
}
