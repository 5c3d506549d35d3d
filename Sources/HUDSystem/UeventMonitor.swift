#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Listens to the kernel's uevents (`socket(AF_NETLINK, NETLINK_KOBJECT_UEVENT)`,
/// group 1) on an `EventLoop` and hands each one to a handler: how a display
/// learns that a connector was plugged or unplugged. No libudev, no polling.
public final class UeventMonitor: @unchecked Sendable {
    private let socket: OwnedFileDescriptor
    private var watch: FDWatch?

    /// - Throws: `SystemError` naming `socket` or `bind` and errno.
    public init(loop: EventLoop, handler: @escaping @Sendable (Uevent) -> Void) throws {
        let fd = Glibc.socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
                    NETLINK_KOBJECT_UEVENT)
        guard fd >= 0 else { throw SystemError(call: "socket(AF_NETLINK, NETLINK_KOBJECT_UEVENT)", errno: .current) }
        let owned = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = 1
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
        }
        guard bound == 0 else { throw SystemError(call: "bind(NETLINK_KOBJECT_UEVENT)", errno: .current) }
        socket = owned
        watch = try loop.watchReadable(fd: socket.descriptor) {
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                guard n > 0 else { break }
                if let event = Uevent(buffer[0..<n]) { handler(event) }
            }
        }
    }

    public func cancel() {
        watch?.cancel()
        watch = nil
    }

    deinit { watch?.cancel() }
}
