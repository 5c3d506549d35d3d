#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Which virtual terminal is in the foreground, for Plymouth's `has-active-vt`.
enum ForegroundVT {
    /// The foreground VT's number (`VT_GETSTATE` on `console`); nil when
    /// there are no VTs or the console cannot be opened.
    static func number(console: String = "/dev/tty0") -> Int? {
        let fd = open(console, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var state = vt_stat()
        guard ioctl(fd, UInt(VT_GETSTATE), &state) == 0 else { return nil }
        return Int(state.v_active)
    }
}
