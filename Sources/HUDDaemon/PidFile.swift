#if canImport(Glibc)
import Glibc
#endif
import HUDSystem

/// plymouthd's `--pid-file`: the daemon's pid and a newline, written
/// atomically (a temporary file renamed over the path, so a reader never
/// sees it half written), removed at exit.
public struct PidFile: Sendable {
    /// Where Debian's plymouth units and initramfs scripts put it, and what
    /// systemd's password agents look for.
    public static let plymouthPath = "/run/plymouth/pid"

    /// Where it is written (`--pid-file`).
    public let path: String

    /// A pid file at `path`; nothing is written until `write(pid:)`.
    public init(path: String) { self.path = path }

    /// Writes `pid`, creating the parent directory (0755) if missing, as
    /// plymouthd creates /run/plymouth.
    /// - Throws: `SystemError` naming the call and the path.
    public func write(pid: pid_t) throws(SystemError) {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !directory.isEmpty, mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw SystemError.last("mkdir", directory)
        }
        try AtomicFile(path: path).write(Array("\(pid)\n".utf8))
    }

    /// Removes the file if it still names `pid` (a later daemon's is left alone).
    public func remove(ifNaming pid: pid_t) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { b in Errno.retryingOnInterrupt { read(fd, b.baseAddress, b.count) } }
        close(fd)
        guard n > 0, String(decoding: buffer[0..<n], as: UTF8.self) == "\(pid)\n" else { return }
        unlink(path)
    }
}
