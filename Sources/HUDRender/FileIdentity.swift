#if canImport(Glibc)
import Glibc
#endif

/// Which file a path named when it was read (device, inode, size, change
/// time): a cached image is used again only while its path still names the
/// same, unchanged file.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init(_ s: stat) {
        device = UInt64(s.st_dev)
        inode = UInt64(s.st_ino)
        size = Int64(s.st_size)
        modifiedSeconds = Int(s.st_mtim.tv_sec)
        modifiedNanoseconds = Int(s.st_mtim.tv_nsec)
    }

    /// `stat(2)` of `path`; nil when it cannot be stat'ed (missing, no access).
    static func of(_ path: String) -> FileIdentity? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        return FileIdentity(s)
    }
}
