#if canImport(Glibc)
import Glibc
#endif

/// The one error type of every system, DRM/KMS and file call: which call
/// failed, on what (a path, a device, a connector, a key), and the `Errno`
/// it left, e.g. `drmModeSetCrtc (/dev/dri/card0 HDMI-A-1): Device or resource busy`.
public struct SystemError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The C function or ioctl that failed, e.g. `drmModeSetCrtc`, `epoll_create1`.
    public var call: String
    /// What it was called on: a device path, a connector, a buffer size.
    public var subject: String
    /// The errno it left; nil when the failure was not a system error.
    public var errno: Errno?
    /// Extra words when errno alone does not say what was wrong.
    public var detail: String

    public init(call: String, subject: String = "", errno: Errno? = nil, detail: String = "") {
        self.call = call
        self.subject = subject
        self.errno = errno
        self.detail = detail
    }

    /// `call` failed just now on `subject`: the error with the current `errno`.
    public static func last(_ call: String, _ subject: String = "") -> SystemError {
        SystemError(call: call, subject: subject, errno: .current)
    }

    public var description: String {
        var s = call
        if !subject.isEmpty { s += " (\(subject))" }
        if let errno { s += ": \(errno)" }
        if !detail.isEmpty { s += errno != nil ? " — \(detail)" : ": \(detail)" }
        return s
    }
}
