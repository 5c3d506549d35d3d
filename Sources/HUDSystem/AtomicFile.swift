#if canImport(Glibc)
import Glibc
#endif

/// A file replaced whole: written to a temporary file beside it
/// (`mkstemp(3)`), then `rename(2)`d over it, so a reader sees the old
/// contents or the new, never half of them.
public struct AtomicFile: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Replaces the file with `bytes`, mode `mode`. With `durable` the data
    /// (`fsync(2)`) and then the rename (the directory's `fsync`) reach the
    /// disk before it returns, so a power cut leaves the old file or the new.
    /// The temporary file is removed on failure.
    /// - Throws: `SystemError` naming the call and the path.
    public func write(_ bytes: [UInt8], mode: mode_t = 0o644, durable: Bool = false) throws(SystemError) {
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SystemError.last("mkstemp", path + ".XXXXXX") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: SystemError?
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { b in Errno.retryingOnInterrupt { Glibc.write(fd, b.baseAddress! + offset, b.count - offset) } }
            if n <= 0 { failure = SystemError.last("write", temporary); break }
            offset += n
        }
        if failure == nil, fchmod(fd, mode) != 0 { failure = SystemError.last("fchmod", temporary) }
        if failure == nil, durable, fsync(fd) != 0 { failure = SystemError.last("fsync", temporary) }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let e = SystemError.last("rename", "\(temporary) to \(path)")
            unlink(temporary)
            throw e
        }
        guard durable else { return }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let dir = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }
}
