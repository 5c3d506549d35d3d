#if canImport(Glibc)
import Glibc
#endif

/// A signal, typed: what `SignalWatcher` delivers and `VTSwitcher` asks the
/// kernel to send (`SIGTERM` is `.terminate`).
public struct Signal: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The signal number (`SIGTERM`, ...).
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `SIGTERM`: asked to exit.
    public static let terminate = Signal(rawValue: SIGTERM)
    /// `SIGINT`: Ctrl-C.
    public static let interrupt = Signal(rawValue: SIGINT)
    /// `SIGHUP`: the daemon reads its theme again.
    public static let hangUp = Signal(rawValue: SIGHUP)
    /// `SIGUSR1`: the VT is being switched away (`VTSwitcher`).
    public static let user1 = Signal(rawValue: SIGUSR1)
    /// `SIGUSR2`: the VT is ours again (`VTSwitcher`).
    public static let user2 = Signal(rawValue: SIGUSR2)

    /// Its C name for the ones above, e.g. `SIGTERM`; else `signal N`.
    public var description: String {
        switch self {
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        case .hangUp: "SIGHUP"
        case .user1: "SIGUSR1"
        case .user2: "SIGUSR2"
        default: "signal \(rawValue)"
        }
    }
}
