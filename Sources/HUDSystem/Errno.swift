#if canImport(Glibc)
import Glibc
#endif

/// A C `errno` value: what a failed system call left behind.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: Glibc.errno) }

    /// `strerror(3)`'s text, e.g. `No such file or directory`.
    public var description: String { String(cString: strerror(rawValue)) }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let busy = Errno(rawValue: EBUSY)
    public static let noEntry = Errno(rawValue: ENOENT)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let notPermitted = Errno(rawValue: EPERM)
    public static let invalid = Errno(rawValue: EINVAL)

    /// Runs `call` again while it fails with `EINTR` (a signal arrived):
    /// the one place that retries interrupted system calls. `call` returns
    /// -1 (or a negative value) with `errno` set on failure, as C calls do.
    @inlinable
    public static func retryingOnInterrupt<R: BinaryInteger>(_ call: () -> R) -> R {
        while true {
            let r = call()
            if r >= 0 || Glibc.errno != EINTR { return r }
        }
    }
}
