import Glibc
import HUDCore
import HUDDaemon
import HUDProtocol
import Testing

/// A fresh directory under /tmp, removed (with its files) when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/kioskhud-test-XXXXXX".utf8CString)
        guard let p = mkdtemp(&template) else { throw SystemError.last("mkdtemp", "/tmp") }
        path = String(cString: p)
    }

    deinit { _ = system("rm -rf '\(path)'") }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ text: String) {
        let fd = open(file(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(file(name))")
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    func read(_ name: String) -> String? {
        let fd = open(file(name), O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    func exists(_ name: String) -> Bool { access(file(name), F_OK) == 0 }
}

/// A raw client socket for driving the daemon byte by byte.
final class RawClient {
    let fd: Int32
    private var framer = LineFramer(maxLineBytes: 1 << 20)
    private var lines: [String] = []

    init(_ path: String) throws {
        fd = try UnixSocketAddress(path).connect().rawValue
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// The next line from the daemon; nil on EOF or after 10 s.
    func readLine() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while lines.isEmpty {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            framer.feed(buffer[0..<n]) { if case .line(let l) = $0 { lines.append(String(decoding: l, as: UTF8.self)) } }
        }
        return lines.removeFirst()
    }

    /// Sends one request line and returns the parsed answer.
    func request(_ line: String) -> Response? {
        send(line + "\n")
        guard let answer = readLine() else { return nil }
        return try? Response.parse(Array(answer.utf8))
    }

    /// Connects and consumes the greeting.
    static func greeted(_ path: String) throws -> RawClient {
        let c = try RawClient(path)
        let greeting = c.readLine()
        #expect(greeting == "kioskhud protocol=\(ProtocolVersion.current)")
        return c
    }
}

/// Polls `condition` until it holds, for at most ~10 s (a failure guard,
/// not a timing assertion): for effects that cross the daemon's loop.
func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// Records log lines from any thread.
final class LogRecorder: Sendable {
    private let lines = Locked<[String]>([])
    func record(_ s: String) { lines.withLock { $0.append(s) } }
    var all: [String] { lines.withLock { $0 } }
}
