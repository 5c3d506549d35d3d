#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// Reads small text files with plain `open`/`read` (no Foundation).
enum TextFile {
    /// The file's text (invalid UTF-8 repaired), or nil when it cannot be
    /// opened, is not a regular file (a FIFO is never waited on) or is longer
    /// than `limit` bytes.
    static func read(_ path: String, limit: Int) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var s = stat()
        guard fstat(fd, &s) == 0, s.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Errno.retryingOnInterrupt { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > limit { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
