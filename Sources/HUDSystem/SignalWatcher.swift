#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Delivers signals (SIGTERM, SIGINT, VT switch signals) as ordinary events
/// on an `EventLoop` through a `signalfd`, so handlers may do anything.
///
/// Call `SignalWatcher.block(_:)` first thing in `main`, before any thread
/// starts, so no thread takes the signals the old way.
public final class SignalWatcher: @unchecked Sendable {
    private let signalFD: OwnedFileDescriptor
    private var watch: FDWatch?

    /// Blocks `signals` in the calling thread (and threads it starts later):
    /// `pthread_sigmask(SIG_BLOCK)`.
    public static func block(_ signals: [Signal]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s.rawValue) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// `signalfd` for `signals`, watched on `loop`; `handler` runs on the loop.
    /// - Throws: `SystemError` naming `signalfd` or `epoll_ctl`.
    public init(signals: [Signal], loop: EventLoop, handler: @escaping @Sendable (Signal) -> Void) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s.rawValue) }
        let fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw SystemError(call: "signalfd", errno: .current) }
        signalFD = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
        watch = try loop.watchReadable(fd: signalFD.descriptor) {
            var info = signalfd_siginfo()
            while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                handler(Signal(rawValue: Int32(info.ssi_signo)))
            }
        }
    }

    deinit { watch?.cancel() }
}
