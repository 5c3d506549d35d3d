#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Delivers SIGTERM, SIGINT and SIGHUP through a `signalfd` instead of
/// handlers, so they arrive on the event loop as ordinary reads.
///
/// `blockSignals()` must run on the main thread before any other thread
/// starts (threads inherit the mask); otherwise a signal may go to a thread
/// that has it unblocked and take the default action (exit without cleanup).
public final class SignalWatcher {
    public static let watched: [Int32] = [SIGTERM, SIGINT, SIGHUP]
    public let fd: Int32

    /// Blocks the watched signals in the calling thread (`pthread_sigmask`)
    /// and ignores SIGPIPE, so a client that vanishes mid-answer cannot kill
    /// the daemon.
    public static func blockSignals() {
        signal(SIGPIPE, SIG_IGN)
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in watched { sigaddset(&set, s) }
        return set
    }

    /// - Throws: `SystemCallError` naming `signalfd`.
    public init() throws(SystemCallError) {
        var set = Self.signalSet()
        let fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw SystemCallError("signalfd", "SIGTERM/SIGINT/SIGHUP") }
        self.fd = fd
    }

    deinit { close(fd) }

    /// The signals that have arrived since the last call, in order.
    public func take() -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signals.append(Int32(info.ssi_signo))
        }
        return signals
    }
}
