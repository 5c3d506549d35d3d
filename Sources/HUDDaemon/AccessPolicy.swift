#if canImport(Glibc)
import Glibc
#endif

/// Which peers may talk to the daemon: root, the daemon's own user, and the
/// members of one group when one is configured (socket mode 0660 then).
public struct AccessPolicy: Hashable, Sendable {
    public var ownUID: UInt32
    public var group: UInt32?

    public init(ownUID: UInt32 = geteuid(), group: UInt32? = nil) {
        self.ownUID = ownUID
        self.group = group
    }

    /// nil when `peer` may connect, else why not.
    public func refusal(for peer: PeerCredentials) -> String? {
        if peer.uid == 0 || peer.uid == ownUID { return nil }
        if let group, peer.gid == group || peer.groups.contains(group) { return nil }
        let allowed = group.map { "root, uid \(ownUID) or group \($0)" } ?? "root or uid \(ownUID)"
        return "uid \(peer.uid) (\(peer)) may not use this daemon; allowed: \(allowed)"
    }

    /// The socket file's mode: 0660 with a group, else 0600.
    public var socketMode: mode_t { group == nil ? 0o600 : 0o660 }

    /// Looks a group up by name or number (`getgrnam_r`).
    /// - Throws: `DaemonError.unknownGroup` when there is no such group.
    public static func groupID(_ name: String) throws(DaemonError) -> UInt32 {
        if let n = UInt32(name) { return n }
        var group = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrnam_r(name, &group, &buffer, buffer.count, &result) == 0, result != nil else {
            throw .unknownGroup(name)
        }
        return group.gr_gid
    }
}
