#if canImport(Glibc)
import Glibc
#endif

/// Where the HUD reads the time. Inject `ManualClock` in tests.
public protocol HUDClock: AnyObject, Sendable {
    /// The current instant on this clock's monotonic time line.
    func now() -> HUDInstant
}
