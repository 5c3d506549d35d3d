#if canImport(Glibc)
import Glibc
#endif

/// A failed DRM/KMS or Linux call: which call, on what, and the errno text.
public struct DRMError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The C function or ioctl that failed, e.g. `drmModeSetCrtc`.
    public var call: String
    /// What it was called on: a device path, a connector, a buffer size.
    public var subject: String
    /// The errno it left, or 0 when the failure was not a system error.
    public var errno: Int32
    /// Extra words when errno alone does not say what was wrong.
    public var detail: String

    public init(call: String, subject: String = "", errno: Int32 = 0, detail: String = "") {
        self.call = call
        self.subject = subject
        self.errno = errno
        self.detail = detail
    }

    public var description: String {
        var s = call
        if !subject.isEmpty { s += " (\(subject))" }
        if errno != 0 { s += ": \(String(cString: strerror(errno)))" }
        if !detail.isEmpty { s += errno != 0 ? " — \(detail)" : ": \(detail)" }
        return s
    }

    /// The error for a libdrm call that returned `result` < 0. libdrm returns
    /// either -1 with `errno` set or `-errno`; both become the errno here.
    static func from(_ call: String, _ subject: String, result: Int32) -> DRMError {
        let current = Glibc.errno
        let e = result < -1 ? -result : (current != 0 ? current : -result)
        return DRMError(call: call, subject: subject, errno: e)
    }
}
