#if canImport(Glibc)
import Glibc
#endif
import HUDCore

/// Tells whoever started the daemon that its socket listens, so nothing that
/// starts after it races the socket: systemd, through `sd_notify(3)`'s
/// datagram on `$NOTIFY_SOCKET` (`READY=1`, for `Type=notify` units), and,
/// with `hud daemon --daemonize`, the parent process waiting on a pipe.
public struct DaemonReadiness: Sendable {
    private let notifySocket: String?
    private let pipe: Int32?

    /// Reads (and removes from the environment) `$NOTIFY_SOCKET`; `pipe` is
    /// the write end the `--daemonize` parent reads one byte from.
    public static func fromEnvironment(pipe: FileDescriptor?) -> DaemonReadiness {
        let socket = getenv("NOTIFY_SOCKET").flatMap { String(validatingCString: $0) }
        unsetenv("NOTIFY_SOCKET")
        return DaemonReadiness(notifySocket: socket.flatMap { $0.isEmpty ? nil : $0 }, pipe: pipe?.rawValue)
    }

    /// Tells nobody (tests, `hud display`).
    public static let none = DaemonReadiness(notifySocket: nil, pipe: nil)

    init(notifySocket: String?, pipe: Int32?) {
        self.notifySocket = notifySocket
        self.pipe = pipe
    }

    /// The socket listens: `READY=1` to systemd, a byte to the parent (which
    /// then exits 0), and the pipe is closed.
    public func ready() {
        notify("READY=1\nMAINPID=\(getpid())")
        if let pipe {
            var byte: UInt8 = 1
            _ = write(pipe, &byte, 1)
            close(pipe)
        }
    }

    /// The daemon is on its way out (`STOPPING=1`).
    public func stopping() {
        notify("STOPPING=1")
    }

    /// One datagram to `$NOTIFY_SOCKET` (a path, or `@name` for the abstract
    /// namespace). Failures are ignored, as `sd_notify` callers do: a unit
    /// that waits for it times out and says so.
    private func notify(_ message: String) {
        guard let path = notifySocket else { return }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        _ = withUnsafePointer(to: &address) { a in
            a.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                Array(message.utf8).withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sa, length) }
            }
        }
    }
}
