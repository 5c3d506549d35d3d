#if canImport(Glibc)
import Glibc
import HUDSystem
#endif

/// A listening stream socket at an abstract name (Plymouth's). There is no
/// file to remove or replace: the name is freed when the socket closes, and
/// a name someone else holds is `DaemonError.nameTaken`.
public final class AbstractSocketListener {
    public let address: AbstractSocketAddress
    let fd: Int32
    private var closed = false

    /// Binds and listens, non-blocking and close-on-exec. The backlog is
    /// plymouthd's (`SOMAXCONN`): systemd connects once per unit, non-blocking,
    /// and drops the status update when the backlog is full.
    /// - Throws: `DaemonError` naming the name and the call that failed.
    public init(name: String, backlog: Int32 = SOMAXCONN) throws(DaemonError) {
        let address = try AbstractSocketAddress(name: name)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemError.last("socket", address.description)) }
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
        self.fd = fd
    }

    /// Takes over a socket another listener gave up (`detach()`), bound and listening at `address`.
    init(adopting fd: FileDescriptor, address: AbstractSocketAddress) {
        self.address = address
        self.fd = fd.rawValue
    }

    deinit { close() }

    /// Gives the socket up without closing it (the name stays bound), for
    /// `init(adopting:address:)` on the loop that will serve it.
    func detach() -> FileDescriptor {
        closed = true
        return FileDescriptor(rawValue: fd)
    }

    /// Takes one pending connection, non-blocking and close-on-exec; nil when none is waiting.
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

    /// Closes the socket, freeing the name. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }
}
