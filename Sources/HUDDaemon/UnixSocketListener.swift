#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// A listening Unix stream socket, non-blocking and close-on-exec: the
/// daemon's own at a path, or Plymouth's at an abstract name.
///
/// At a path it is created with the access mode already in place (umask
/// around `bind`), so there is no moment when others could connect; a socket
/// file left by a dead daemon is replaced, one with a live daemon behind it
/// is an error. An abstract name has no file: it is freed when the socket
/// closes, and a name someone else holds is `DaemonError.nameTaken`.
public final class UnixSocketListener {
    public let address: UnixSocketAddress
    /// The socket file, for a path address.
    public let path: String?
    /// The listening socket (closed by `close()` or deinit).
    let fd: Int32
    private var closed = false

    /// Binds and listens at `path`, creating its directory (mode 0755 when
    /// missing) and giving the socket `mode` and, if set, `group`.
    /// - Throws: `DaemonError` naming the path and the call that failed.
    public init(path: String, mode: mode_t, group: UInt32?, backlog: Int32 = 16) throws(DaemonError) {
        let address = try UnixSocketAddress(path)
        try Self.makeParentDirectory(of: path)
        try Self.removeStale(path, address: address)
        let fd = try Self.socket(address)
        let oldMask = umask(~mode & 0o777)
        let rc = address.withSockaddr { bind(fd, $0, $1) }
        let bindErrno = errno
        umask(oldMask)
        guard rc == 0 else {
            Glibc.close(fd)
            throw .system(SystemError(call: "bind", subject: path, errno: Errno(rawValue: bindErrno)))
        }
        if let group, chown(path, uid_t.max, group) != 0 {
            let e = errno
            Glibc.close(fd)
            unlink(path)
            throw .system(SystemError(call: "chown", subject: path, errno: Errno(rawValue: e)))
        }
        guard chmod(path, mode) == 0, listen(fd, backlog) == 0 else {
            let e = errno
            Glibc.close(fd)
            unlink(path)
            throw .system(SystemError(call: "listen", subject: path, errno: Errno(rawValue: e)))
        }
        self.address = address
        self.path = path
        self.fd = fd
    }

    /// Binds and listens at an abstract name. The default backlog is
    /// plymouthd's (`SOMAXCONN`): systemd connects once per unit,
    /// non-blocking, and drops the status update when the backlog is full.
    /// - Throws: `DaemonError` naming the name and the call that failed.
    public init(abstractName name: String, backlog: Int32 = SOMAXCONN) throws(DaemonError) {
        let address = try UnixSocketAddress(abstractName: name)
        let fd = try Self.socket(address)
        guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
            let e = errno
            Glibc.close(fd)
            if e == EADDRINUSE { throw .nameTaken(address.description) }
            throw .system(SystemError(call: "bind", subject: address.description, errno: Errno(rawValue: e)))
        }
        guard listen(fd, backlog) == 0 else {
            let e = errno
            Glibc.close(fd)
            throw .system(SystemError(call: "listen", subject: address.description, errno: Errno(rawValue: e)))
        }
        self.address = address
        path = nil
        self.fd = fd
    }

    /// Takes over a socket another listener gave up (`detach()`), bound and listening at `address`.
    init(adopting fd: FileDescriptor, address: UnixSocketAddress, path: String? = nil) {
        self.address = address
        self.path = path
        self.fd = fd.rawValue
    }

    deinit { close() }

    /// Gives the socket up without closing it (the name stays bound, a file
    /// stays), for `init(adopting:address:path:)` on the loop that will serve it.
    func detach() -> FileDescriptor {
        closed = true
        return FileDescriptor(rawValue: fd)
    }

    private static func socket(_ address: UnixSocketAddress) throws(DaemonError) -> Int32 {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemError.last("socket", address.description)) }
        return fd
    }

    /// Takes one pending connection (`accept`, then non-blocking and
    /// close-on-exec with `fcntl`); nil when none is waiting.
    func accept() -> Int32? {
        while true {
            let c = Glibc.accept(fd, nil, nil)
            if c >= 0 {
                _ = fcntl(c, F_SETFD, FD_CLOEXEC)
                _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
                return c
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// Closes the socket and removes its file (an abstract name is freed). Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
        if let path { unlink(path) }
    }

    static func makeParentDirectory(of path: String) throws(DaemonError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let dir = String(path[..<slash])
        var st = stat()
        if stat(dir, &st) == 0 { return }
        try makeParentDirectory(of: dir)
        guard mkdir(dir, 0o755) == 0 || errno == EEXIST else {
            throw .system(SystemError.last("mkdir", dir))
        }
    }

    static func removeStale(_ path: String, address: UnixSocketAddress) throws(DaemonError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
        if let fd = try? address.connect() {
            fd.close()
            throw .alreadyRunning(path)
        }
        guard unlink(path) == 0 else { throw .system(SystemError.last("unlink", path)) }
    }
}
