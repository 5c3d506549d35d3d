import Glibc
import HUDCore
import HUDUpdates

/// SWUpdate's progress socket as the real tool serves it: a listening Unix
/// socket at a path, each follower accepted, `struct progress_msg`s written
/// to it (laid out as the C struct on a little-endian host: natural
/// alignment, the offsets `SWUpdateProgressLayout` reads). Closing it is
/// SWUpdate's process ending (`swupdate -i` runs are one process each).
final class FakeSWUpdate {
    let path: String
    private var listener: Int32 = -1
    private(set) var connection: Int32 = -1

    /// Binds `path`; `listening` false leaves it bound but refusing (a SWUpdate
    /// between `bind` and `listen`) until `listen()`. `renamedIntoPlace`: bound
    /// and listening under another name first, then renamed to `path`, so the
    /// socket is connectable from the moment its name appears.
    init(path: String, listening: Bool = true, renamedIntoPlace: Bool = false) throws {
        self.path = path
        unlink(path)
        let boundPath = renamedIntoPlace ? path + ".new" : path
        unlink(boundPath)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in boundPath.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw SystemError.last("bind", boundPath) }
        if listening { listen() }
        if renamedIntoPlace, rename(boundPath, path) != 0 { throw SystemError.last("rename", path) }
    }

    func listen() { _ = Glibc.listen(listener, 4) }

    /// Accepts the next follower; false when none connected within `milliseconds`.
    func accept(within milliseconds: Int32 = 10_000) -> Bool {
        var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, milliseconds) == 1 else { return false }
        if connection >= 0 { close(connection) }
        connection = Glibc.accept(listener, nil, nil)
        return connection >= 0
    }

    /// Writes bytes to the accepted follower.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            offset += n
        }
    }

    /// Writes each message, as one stream.
    func send(_ messages: [Message]) { send(messages.flatMap(\.bytes)) }

    /// Whether the follower closed its end (a read sees end of file) within `milliseconds`.
    func followerLeft(within milliseconds: Int32 = 10_000) -> Bool {
        var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, milliseconds) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    /// SWUpdate's process ending: the connection and the listener closed, the socket file left
    /// behind (a stale socket: connecting is refused, as after a real `swupdate -i`).
    func exit() {
        // The listener first, as a process's exit takes both at once: closed second, the follower,
        // seeing the connection's end, could reconnect into its backlog in between (seen under qemu-user).
        if listener >= 0 { close(listener) }
        if connection >= 0 { close(connection) }
        connection = -1
        listener = -1
    }

    deinit { exit() }

    /// One `struct progress_msg`.
    struct Message {
        var version: UInt32 = 0
        var status: SWUpdateStatus
        var steps: UInt32 = 1
        var step: UInt32 = 1
        var percent: UInt32 = 0
        var image = ""
        var info = ""

        var bytes: [UInt8] {
            var b = [UInt8](repeating: 0, count: SWUpdateProgressLayout.messageSize)
            func put(_ v: UInt32, _ at: Int) { for i in 0..<4 { b[at + i] = UInt8((v >> (8 * UInt32(i))) & 0xFF) } }
            put(version, 0); put(status.rawValue, 4)
            put(steps, 24); put(step, 28); put(percent, 32)
            for (i, c) in image.utf8.enumerated() { b[36 + i] = c }
            put(4, 356); put(UInt32(info.utf8.count), 360)
            for (i, c) in info.utf8.enumerated() { b[364 + i] = c }
            return b
        }
    }

    /// API 2's acknowledgement of `version` ("ACK").
    static func acknowledgement(_ version: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((version >> (8 * UInt32($0))) & 0xFF) } + [0x41, 0x43, 0x4B, 0x00]
    }
}
