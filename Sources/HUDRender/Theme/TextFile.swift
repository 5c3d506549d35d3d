import Glibc
import HUDSystem

/// Reads a whole file with open(2)/read(2); errors carry strerror's text.
/// Opened with `O_NONBLOCK` and refused unless a regular file: a FIFO in a
/// theme's place must not hang the daemon in `open`.
enum TextFile {
    /// Files larger than this are refused (themes are small).
    static let maximumSize = 1 << 20

    static func read(_ path: String) throws(HUDThemeError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw HUDThemeError(file: path, message: String(cString: strerror(errno))) }
        defer { close(fd) }
        var s = stat()
        guard fstat(fd, &s) == 0, s.st_mode & S_IFMT == S_IFREG else {
            throw HUDThemeError(file: path, message: "not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = Errno.retryingOnInterrupt { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0 {
                throw HUDThemeError(file: path, message: String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumSize { throw HUDThemeError(file: path, message: "larger than \(maximumSize) bytes") }
        }
    }
}
