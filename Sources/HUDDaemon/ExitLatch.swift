#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import HUDSystem

/// Lets the main thread sleep until the loop decides the exit code: the
/// main thread blocks in `read` on a pipe the loop writes once.
public final class ExitLatch: Sendable {
    private let readFD: Int32
    private let writeFD: Int32
    private let released = Atomic<Bool>(false)

    /// - Throws: `SystemError` naming `pipe`.
    public init() throws(SystemError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SystemError.last("pipe", "exit latch") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Wakes `wait()` with `code` (0…255). Later calls are ignored.
    public func release(_ code: Int32) {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte = UInt8(truncatingIfNeeded: code)
        _ = write(writeFD, &byte, 1)
    }

    /// Blocks until `release`; returns its code.
    public func wait() -> Int32 {
        var byte: UInt8 = 1
        return Errno.retryingOnInterrupt { read(readFD, &byte, 1) } == 1 ? Int32(byte) : 1
    }
}
