import Glibc
import CLinux
import HUDSystem
import HUDDaemon

/// Connects to a tool's Unix socket, waiting for it while the tool is not
/// running: inotify on the socket's directory wakes the wait when the socket
/// is (re)created, and a retry every few seconds (doubling from 0.1 s)
/// covers what inotify cannot see (a directory made later, a socket bound
/// again in place).
struct SocketWaiter {
    let path: String
    static let longestWaitMilliseconds: Int32 = 4000

    /// A connected stream socket; blocks until the tool listens.
    /// - Throws: `CommandLineError` when `path` cannot be a socket address.
    func connect() throws(CommandLineError) -> Int32 {
        let address: UnixSocketAddress
        do { address = try UnixSocketAddress(path) } catch { throw CommandLineError("\(error)") }
        var directory = String(path.reversed().drop { $0 != "/" }.reversed())
        if directory.isEmpty { directory = "." }
        let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { if inotify >= 0 { close(inotify) } }
        var wait: Int32 = 100
        while true {
            if inotify >= 0 { _ = inotify_add_watch(inotify, directory, UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)) }
            if let fd = try? address.connect() { return fd.rawValue }
            var pfd = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
            _ = Errno.retryingOnInterrupt { Int(poll(&pfd, inotify >= 0 ? 1 : 0, wait)) }
            if pfd.revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                while read(inotify, &buffer, buffer.count) > 0 {}
            } else {
                wait = min(wait * 2, Self.longestWaitMilliseconds)
            }
        }
    }
}
