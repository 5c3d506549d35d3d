#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// psplash's command FIFO (`$PSPLASH_FIFO_DIR/psplash_fifo`), so boot
/// scripts and `psplash-write` drive the daemon unchanged.
///
/// Opened `O_RDWR | O_NONBLOCK`: the daemon holds a writer itself, so a
/// writer closing never makes `read` return end-of-file (psplash reopens on
/// EOF instead; with O_RDWR there is nothing to reopen and no busy loop).
/// Linux defines O_RDWR on a FIFO; writers' `open(O_WRONLY)` never blocks
/// while the daemon runs.
public final class PsplashFIFO {
    public let path: String
    /// The FIFO, open for reading and writing (closed by `close()` or deinit).
    let fd: Int32
    private var closed = false
    /// Our FIFO's inode: at close, the path is removed only if it still names it.
    private let identity: (device: UInt64, inode: UInt64)

    /// The FIFO's path for a `PSPLASH_FIFO_DIR` value (default /run).
    public static func path(fifoDirectory: String?) -> String {
        let dir = (fifoDirectory?.isEmpty ?? true) ? "/run" : fifoDirectory!
        return dir.hasSuffix("/") ? dir + "psplash_fifo" : dir + "/psplash_fifo"
    }

    /// Creates the FIFO at `path` (mode 0600) and opens it. A FIFO left there
    /// by a process that is gone is replaced; one that someone still reads
    /// (another splash) is left alone, and anything else is an error.
    /// - Throws: `DaemonError` naming the path and the failed call.
    public init(path: String) throws(DaemonError) {
        var st = stat()
        if lstat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFIFO else { throw .notAFIFO(path) }
            // A writer's non-blocking open succeeds only while a reader has it open.
            let probe = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if probe >= 0 {
                close(probe)
                throw .fifoInUse(path)
            }
            guard unlink(path) == 0 else { throw .system(SystemError.last("unlink", path)) }
        }
        guard mkfifo(path, 0o600) == 0 else { throw .system(SystemError.last("mkfifo", path)) }
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            unlink(path)
            throw .system(SystemError(call: "open", subject: path, errno: Errno(rawValue: e)))
        }
        var own = stat()
        fstat(fd, &own)
        self.path = path
        self.fd = fd
        identity = (UInt64(own.st_dev), UInt64(own.st_ino))
    }

    deinit { closeAndUnlink() }

    /// Reads what is waiting (non-blocking); 0 when nothing is.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        max(0, Errno.retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) })
    }

    /// Closes the FIFO and removes it, as psplash does when it quits.
    public func closeAndUnlink() {
        guard !closed else { return }
        closed = true
        close(fd)
        var st = stat()
        if lstat(path, &st) == 0, UInt64(st.st_dev) == identity.device, UInt64(st.st_ino) == identity.inode {
            unlink(path)
        }
    }
}
