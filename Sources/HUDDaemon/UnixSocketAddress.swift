#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// A filesystem path as a `sockaddr_un`, checked for length.
public struct UnixSocketAddress: Sendable {
    public let path: String
    private let storage: sockaddr_un
    private let length: socklen_t

    /// - Throws: `DaemonError.socketPathTooLong` when `path` does not fit `sun_path`.
    public init(_ path: String) throws(DaemonError) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { throw .socketPathTooLong(path) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        self.path = path
        storage = addr
        length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + bytes.count + 1)
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    package func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Connects a new stream socket here (`socket`, `connect`); blocking, close-on-exec.
    /// - Throws: `SystemError` naming `socket` or `connect` and the path.
    public func connect() throws(SystemError) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError.last("socket", path) }
        let rc = withSockaddr { Glibc.connect(fd, $0, $1) }
        guard rc == 0 else {
            let e = errno
            close(fd)
            throw SystemError(call: "connect", subject: path, errno: Errno(rawValue: e))
        }
        return FileDescriptor(rawValue: fd)
    }
}
