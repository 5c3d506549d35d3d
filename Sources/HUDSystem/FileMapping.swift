#if canImport(Glibc)
import Glibc
#endif

/// One mapping of a file into this process, a line of `/proc/self/maps`:
/// `start-end perms offset major:minor inode path`.
public struct FileMapping: Equatable, Sendable {
    public var start: UInt
    public var end: UInt
    /// PROT_READ, PROT_WRITE and PROT_EXEC as the mapping has them now.
    public var protection: Int32
    /// MAP_PRIVATE (`p`), not MAP_SHARED (`s`).
    public var isPrivate: Bool
    public var offset: Int
    public var device: String
    public var inode: UInt64
    /// The file's path as this process's root sees it; a deleted file's ends
    /// in ` (deleted)`.
    public var path: String

    public var length: Int { Int(end - start) }

    /// Parses one line of `/proc/PID/maps`; nil for anonymous mappings
    /// (inode 0: the heap, the stack, `[vdso]`) and lines it cannot read.
    public init?(mapsLine line: Substring) {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6 else { return nil }
        let range = fields[0].split(separator: "-")
        let perms = Array(fields[1].utf8)
        guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
              perms.count == 4, let offset = Int(fields[2], radix: 16), let inode = UInt64(fields[4]), inode != 0
        else { return nil }
        self.start = start
        self.end = end
        protection = (perms[0] == UInt8(ascii: "r") ? PROT_READ : 0) | (perms[1] == UInt8(ascii: "w") ? PROT_WRITE : 0)
            | (perms[2] == UInt8(ascii: "x") ? PROT_EXEC : 0)
        isPrivate = perms[3] == UInt8(ascii: "p")
        self.offset = offset
        device = String(fields[3])
        self.inode = inode
        path = String(fields[5].drop(while: { $0 == " " }))
    }

    /// This process's file mappings, from `/proc/self/maps`, in address order.
    public static func current() throws(SystemError) -> [FileMapping] {
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .last("open", "/proc/self/maps") }
        defer { close(fd) }
        return try read(from: fd)
    }

    /// The file mappings listed by an open `/proc/PID/maps`, read from its
    /// start: the list as it is now, also after a chroot(2) that left /proc
    /// behind.
    public static func read(from fd: Int32) throws(SystemError) -> [FileMapping] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let at = bytes.count
            let n = Errno.retryingOnInterrupt { chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(at)) } }
            guard n >= 0 else { throw .last("read", "/proc/self/maps") }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { FileMapping(mapsLine: $0) }
    }
}
