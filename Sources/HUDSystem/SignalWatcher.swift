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
    private let fd: Int32
    private var watch: FDWatch?

    /// Blocks `signals` in the calling thread (and threads it starts later):
    /// `pthread_sigmask(SIG_BLOCK)`.
    public static func block(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// `signalfd` for `signals`, watched on `loop`; `handler` runs on the loop.
    public init(signals: [Int32], loop: EventLoop, handler: @escaping @Sendable (Int32) -> Void) throws {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw SystemError(call: "signalfd", errno: .current) }
        let fd = self.fd
        watch = try loop.watchReadable(fd: fd) {
            var info = signalfd_siginfo()
            while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                handler(Int32(info.ssi_signo))
            }
        }
    }

    deinit {
        watch?.cancel()
        close(fd)
    }
}
