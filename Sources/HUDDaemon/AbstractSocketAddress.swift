#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// A name in Linux's abstract Unix socket namespace (no file; global per
/// network namespace) as a `sockaddr_un`: a NUL, then the name, with the
/// trimmed length (`offsetof(sun_path) + 1 + name length`), as Plymouth
/// binds it. The same name padded with NULs to the whole `sun_path` is a
/// different address.
public struct AbstractSocketAddress: Sendable, CustomStringConvertible {
    public let name: String
    private let storage: sockaddr_un
    private let length: socklen_t

    /// - Throws: `DaemonError.socketPathTooLong` when `name` is empty, holds a NUL or does not fit.
    public init(name: String) throws(DaemonError) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { throw .socketPathTooLong("@" + name) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw[0] = 0
            UnsafeMutableRawBufferPointer(rebasing: raw[1...]).copyBytes(from: bytes)
        }
        self.name = name
        storage = addr
        length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + 1 + bytes.count)
    }

    /// `@name`, as `ss` and `/proc/net/unix` show it.
    public var description: String { "@" + name }

    /// The address length passed to `bind` and `connect`.
    public var addressLength: Int { Int(length) }

    /// Calls `body` with the address as a `sockaddr` pointer and its trimmed length.
    package func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Connects a new stream socket here; blocking, close-on-exec.
    /// - Throws: `SystemError` naming `socket` or `connect` and the name.
    public func connect() throws(SystemError) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError.last("socket", description) }
        let rc = withSockaddr { Glibc.connect(fd, $0, $1) }
        guard rc == 0 else {
            let e = errno
            close(fd)
            throw SystemError(call: "connect", subject: description, errno: Errno(rawValue: e))
        }
        return FileDescriptor(rawValue: fd)
    }
}
