#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Takes part in VT switching (`VT_SETMODE` with `VT_PROCESS`), as the kernel
/// never takes DRM master away on `chvt` by itself: on the release signal the
/// owner drops master and the switch is allowed (`VT_RELDISP 1`); on the
/// acquire signal it is acknowledged (`VT_RELDISP VT_ACKACQ`) and the owner
/// takes master back and repaints.
///
/// The signals must reach the caller through a `SignalWatcher`, which calls
/// `release()` and `acquire()`.
public final class VTSwitcher: @unchecked Sendable {
    private let tty: OwnedFileDescriptor
    private var fd: Int32 { tty.rawValue }
    private var saved = vt_mode()
    private let onRelease: () -> Void
    private let onAcquire: () -> Void
    /// The VT number this process switches with.
    public let number: Int

    /// Returns nil when there is no VT (no `/dev/tty0`, or not allowed).
    public init?(releaseSignal: Signal, acquireSignal: Signal, console: String = "/dev/tty0",
                 onRelease: @escaping () -> Void, onAcquire: @escaping () -> Void) {
        let tty0 = open(console, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty0 >= 0 else { return nil }
        var state = vt_stat()
        let ok = ioctl(tty0, UInt(VT_GETSTATE), &state) == 0
        close(tty0)
        guard ok else { return nil }
        number = Int(state.v_active)
        let fd = open("/dev/tty\(number)", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        tty = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
        self.onRelease = onRelease
        self.onAcquire = onAcquire
        var mode = vt_mode()
        guard ioctl(fd, UInt(VT_GETMODE), &saved) == 0 else { return nil }
        mode.mode = CChar(VT_PROCESS)
        mode.relsig = Int16(releaseSignal.rawValue)
        mode.acqsig = Int16(acquireSignal.rawValue)
        guard ioctl(fd, UInt(VT_SETMODE), &mode) == 0 else { return nil }
    }

    /// The release signal came: let the owner stop drawing, then allow the switch.
    public func release() {
        onRelease()
        _ = ioctl(fd, UInt(VT_RELDISP), Int32(1))
    }

    /// The acquire signal came: acknowledge, then let the owner draw again.
    public func acquire() {
        _ = ioctl(fd, UInt(VT_RELDISP), Int32(VT_ACKACQ))
        onAcquire()
    }

    /// Gives VT switching back to the kernel (the mode from before, normally `VT_AUTO`).
    public func restore() {
        var mode = saved
        if mode.mode == CChar(VT_PROCESS) { mode.mode = CChar(VT_AUTO) }
        _ = ioctl(fd, UInt(VT_SETMODE), &mode)
    }
}
