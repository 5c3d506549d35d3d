#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// A PNG file read into memory before anything decodes it, so that a bad
/// path can never hang or exhaust the process:
/// - opened with `O_NONBLOCK` and checked with `fstat(2)`: a FIFO, device or
///   directory in its place is refused at once (a FIFO's `open` would wait
///   for a writer);
/// - at most `maximumFileBytes` read;
/// - the PNG signature and the IHDR size checked, and images over
///   `maximumPixels` refused before their pixels are allocated (a 150 KB
///   PNG can claim 6000×6000, 144 MB decoded).
public struct PNGSource: Sendable {
    public static let maximumFileBytes = 16 << 20
    /// 4 Mpx (2048×2048): 16 MB decoded.
    public static let maximumPixels = 2048 * 2048
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public let bytes: [UInt8]
    public let width: Int
    public let height: Int
    let identity: FileIdentity

    /// Reads and checks `path`.
    /// - Throws: `RenderError.imageUnreadable` saying what is wrong (missing,
    ///   not a regular file, too large, not a PNG, too many pixels).
    public static func read(_ path: String) throws(RenderError) -> PNGSource {
        func fail(_ reason: String) -> RenderError { .imageUnreadable(path: path, reason: reason) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw fail(String(cString: strerror(errno))) }
        defer { close(fd) }
        var s = stat()
        guard fstat(fd, &s) == 0 else { throw fail("fstat: \(String(cString: strerror(errno)))") }
        switch s.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: throw fail("a FIFO, not a PNG file")
        case S_IFDIR: throw fail("a directory, not a PNG file")
        case S_IFCHR, S_IFBLK: throw fail("a device, not a PNG file")
        default: throw fail("not a regular file")
        }
        guard Int(s.st_size) <= maximumFileBytes else {
            throw fail("\(s.st_size) bytes; PNG files over \(maximumFileBytes) bytes are refused")
        }
        var bytes = [UInt8](repeating: 0, count: Int(s.st_size))
        var count = 0
        while count < bytes.count {
            let n = Errno.retryingOnInterrupt { bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) } }
            if n < 0 { throw fail(String(cString: strerror(errno))) }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, bytes[12...15].elementsEqual("IHDR".utf8) else {
            throw fail("not a PNG file")
        }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = u32(16), height = u32(20)
        guard width > 0, height > 0 else { throw fail("not a PNG file (size \(width)×\(height))") }
        guard width * height <= maximumPixels else {
            throw fail("\(width)×\(height) pixels; images over \(maximumPixels) pixels (2048×2048) are refused")
        }
        return PNGSource(bytes: bytes, width: width, height: height, identity: FileIdentity(s))
    }
}
