#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HUDSystem

/// Who is at the other end of a Unix socket, as the kernel saw it at
/// `connect` (`getsockopt(SO_PEERCRED)`, `SO_PEERGROUPS`).
public struct PeerCredentials: Hashable, Sendable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups (empty when the kernel cannot tell, before 4.13).
    public var groups: [UInt32]

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// Reads the peer of connected socket `fd`.
    /// - Throws: `SystemError` naming `getsockopt(SO_PEERCRED)`.
    public static func of(socket descriptor: FileDescriptor) throws(SystemError) -> PeerCredentials {
        let fd = descriptor.rawValue
        // struct ucred is pid_t, uid_t, gid_t: three 32-bit fields.
        var raw: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &raw, &length) == 0, length == 12 else {
            throw SystemError.last("getsockopt(SO_PEERCRED)", "fd \(fd)")
        }
        var groups: [UInt32] = []
        var buffer = [UInt32](repeating: 0, count: 64)
        var size = socklen_t(buffer.count * 4)
        if getsockopt(fd, SOL_SOCKET, kiosk_SO_PEERGROUPS, &buffer, &size) == 0 {
            groups = Array(buffer.prefix(Int(size) / 4))
        }
        return PeerCredentials(pid: raw.0, uid: raw.1, gid: raw.2, groups: groups)
    }

    public var description: String { "pid \(pid) uid \(uid) gid \(gid)" }
}
