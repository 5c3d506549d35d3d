#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// A Unix socket address as a `sockaddr_un`, checked for length: a file
/// path (our socket), or a name in Linux's abstract namespace (Plymouth's:
/// no file, global per network namespace). An abstract name is a NUL, then
/// the name, with the trimmed length (`offsetof(sun_path) + 1 + length`), as
/// Plymouth binds it; the same name padded with NULs is another address.
public struct UnixSocketAddress: Sendable, CustomStringConvertible {
    /// The path, or `@name` for an abstract name (as `ss` shows it).
    public let description: String
    private let storage: sockaddr_un
    private let length: socklen_t

    /// A file path.
    /// - Throws: `DaemonError.socketPathTooLong` when `path` is empty, holds a NUL or does not fit `sun_path`.
    public init(_ path: String) throws(DaemonError) {
        try self.init(bytes: Array(path.utf8), abstract: false, description: path)
    }

    /// A name in the abstract namespace.
    /// - Throws: `DaemonError.socketPathTooLong` when `name` is empty, holds a NUL or does not fit.
    public init(abstractName name: String) throws(DaemonError) {
        try self.init(bytes: Array(name.utf8), abstract: true, description: "@" + name)
    }

    private init(bytes: [UInt8], abstract: Bool, description: String) throws(DaemonError) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { throw .socketPathTooLong(description) }
        // A path ends with a NUL; an abstract name starts with one.
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw[abstract ? 0 : bytes.count] = 0
            UnsafeMutableRawBufferPointer(rebasing: raw[(abstract ? 1 : 0)...]).copyBytes(from: bytes)
        }
        self.description = description
        storage = addr
        length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + 1 + bytes.count)
    }

    /// The address length passed to `bind` and `connect`.
    public var addressLength: Int { Int(length) }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    package func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// Connects a new stream socket here (`socket`, `connect`); close-on-exec.
    /// - Parameter nonBlocking: the socket is `O_NONBLOCK` from the start, so
    ///   `connect` never waits either: a listener whose backlog is full is
    ///   `EAGAIN` (a follower on the daemon's loop tries again later).
    /// - Throws: `SystemError` naming `socket` or `connect` and the address.
    public func connect(nonBlocking: Bool = false) throws(SystemError) -> FileDescriptor {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let fd = socket(AF_UNIX, flags, 0)
        guard fd >= 0 else { throw SystemError.last("socket", description) }
        guard withSockaddr({ Glibc.connect(fd, $0, $1) }) == 0 else {
            let error = SystemError(call: "connect", subject: description, errno: .current)
            close(fd)
            throw error
        }
        return FileDescriptor(rawValue: fd)
    }
}
