#if canImport(Glibc)
import Glibc
#endif
import HUDSystem

extension SystemError {
    /// The error for a libdrm call that returned `result` < 0. libdrm returns
    /// either -1 with `errno` set or `-errno`; both become the errno here.
    static func libdrm(_ call: String, _ subject: String, result: Int32) -> SystemError {
        let current = Glibc.errno
        let e = result < -1 ? -result : (current != 0 ? current : -result)
        return SystemError(call: call, subject: subject, errno: Errno(rawValue: e))
    }
}
