import Glibc
import HUDCore

/// systemd's side of `sd_notify(3)` for a test: a datagram socket bound at
/// `path` (pass it to the daemon as `$NOTIFY_SOCKET`), read with poll(2).
final class NotifySocket {
    let path: String
    private let fd: Int32

    /// socket(2) + bind(2) at `path`.
    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError.last("socket", path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let error = SystemError.last("bind", path)
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// The next datagram (recv(2)), waiting at most `milliseconds` for it
    /// (poll(2)); nil if none came.
    func receive(within milliseconds: Int32) -> String? {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var r: Int32
        repeat { r = poll(&entry, 1, milliseconds) } while r < 0 && errno == EINTR
        guard r > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return n < 0 ? nil : String(decoding: buffer[0..<n], as: UTF8.self)
    }
}
