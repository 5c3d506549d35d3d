import Glibc
import HUDSystem
import HUDDaemon
import HUDProtocol

/// The client side of the `hud` socket, shared by every command that talks
/// to the daemon: finds the socket (`--socket`, `$HUD_SOCKET`, the default),
/// checks the greeting's protocol version, sends requests and reads answers.
final class DaemonClient {
    /// Answers slower than this are an error, so a wedged daemon cannot hang a boot script.
    static let timeoutSeconds = 5

    let path: String
    private let fd: Int32
    private var framer = LineFramer()
    private var lines: [[UInt8]] = []

    /// The socket path: `--socket`, else `$HUD_SOCKET`, else /run/kioskhud/hud.sock.
    static func socketPath(option: String?) -> String {
        if let option, !option.isEmpty { return option }
        if let env = getenv("HUD_SOCKET"), let s = String(validatingCString: env), !s.isEmpty { return s }
        return DaemonOptions.defaultSocketPath
    }

    /// Connects and reads the greeting.
    /// - Throws: `ClientError` saying that no daemon runs there, or why not.
    init(path: String) throws(ClientError) {
        self.path = path
        let address: UnixSocketAddress
        do { address = try UnixSocketAddress(path) } catch { throw .usage("\(error)") }
        do {
            fd = try address.connect().rawValue
        } catch {
            let reason = error.errno.map { "\($0)" } ?? error.description
            switch error.errno?.rawValue {
            case ENOENT, ECONNREFUSED:
                throw .noDaemon("no hud daemon is running on \(path) (\(reason)); start one with 'hud daemon', or set --socket / HUD_SOCKET")
            case EACCES:
                throw .runtime("not allowed to connect to \(path): \(reason) (the socket is for root and the daemon's user)")
            default:
                throw .runtime("cannot connect to the hud daemon at \(path): \(error)")
            }
        }
        var tv = timeval(tv_sec: Self.timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let greeting = try readLine()
        if let refusal = try? Response.parse(greeting), case .error(let code, let reason) = refusal {
            throw .runtime("the daemon at \(path) refused the connection (\(code.rawValue)): \(reason)")
        }
        let version: Int
        do { version = try Greeting.version(of: greeting) } catch { throw .runtime("\(path): \(error.reason)") }
        guard ProtocolVersion.supported.contains(version) else {
            throw .runtime("the daemon at \(path) speaks protocol \(version); this hud speaks \(ProtocolVersion.current)")
        }
    }

    deinit { close(fd) }

    /// Sends `request` and returns the daemon's answer.
    /// - Throws: `ClientError.runtime` when the connection fails or times out.
    func send(_ request: Request) throws(ClientError) -> Response {
        try write(request.encoded())
        let line = try readLine()
        do {
            return try Response.parse(line)
        } catch {
            throw .runtime("unreadable answer from the daemon: \(error)")
        }
    }

    /// Sends `request` and turns an `error` answer into a `ClientError`.
    @discardableResult
    func perform(_ request: Request) throws(ClientError) -> [Field] {
        switch try send(request) {
        case .ok(let fields): return fields
        case .error(let code, let reason): throw ClientError(daemonError: code, reason: reason)
        }
    }

    /// Sends `wait` and blocks until the daemon answers it as it exits (or
    /// the connection ends with it), however long that takes.
    func waitForExit() throws(ClientError) {
        try write(Request.wait.encoded())
        var forever = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &forever, socklen_t(MemoryLayout<timeval>.size))
        let line: [UInt8]
        do { line = try readLine() } catch { return }  // closed: the daemon is gone
        if case .error(let code, let reason)? = try? Response.parse(line) { throw ClientError(daemonError: code, reason: reason) }
    }

    /// Sends a request answered only when something happens (`wait-button`:
    /// the button pressed; `ask`: the prompt answered) and blocks, however
    /// long it takes, for the answer.
    /// - Parameter what: what is awaited, for the error when the daemon goes away first.
    /// - Throws: `ClientError` with the daemon's refusal, or when it goes away first.
    func performUntimed(_ request: Request, awaiting what: String) throws(ClientError) -> [Field] {
        try write(request.encoded())
        var forever = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &forever, socklen_t(MemoryLayout<timeval>.size))
        let line: [UInt8]
        do { line = try readLine() } catch { throw .runtime("the daemon at \(path) went away before \(what)") }
        let response: Response
        do { response = try Response.parse(line) } catch { throw .runtime("unreadable answer from the daemon: \(error)") }
        switch response {
        case .ok(let fields): return fields
        case .error(let code, let reason): throw ClientError(daemonError: code, reason: reason)
        }
    }

    private func write(_ text: String) throws(ClientError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = Errno.retryingOnInterrupt { bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) } }
            guard n > 0 else { throw .runtime("lost the connection to the daemon at \(path): \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    private func readLine() throws(ClientError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while lines.isEmpty {
            let n = Errno.retryingOnInterrupt { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw .runtime("the daemon at \(path) did not answer within \(Self.timeoutSeconds) s")
            }
            guard n > 0 else { throw .runtime("the daemon at \(path) closed the connection") }
            var tooLong = false
            framer.feed(buffer[0..<n]) { event in
                switch event {
                case .line(let l): lines.append(l)
                case .tooLong: tooLong = true
                }
            }
            if tooLong { throw .runtime("the daemon at \(path) sent an over-long line") }
        }
        return lines.removeFirst()
    }
}
