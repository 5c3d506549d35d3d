#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDProtocol

/// One connected client: its socket, its credentials and the bytes of a
/// message not yet complete. Used only on the daemon's loop.
final class ClientConnection {
    let id: Int
    let fd: Int32
    let peer: PeerCredentials
    var framer = LineFramer()
    var watch: FDWatch?
    /// Fires when a message has been left half-sent too long.
    var stallTimer: ScheduledTimer?
    private(set) var isClosed = false
    /// When it last sent anything: the client idle longest makes room when the limit is reached.
    var lastActivity: HUDInstant
    /// What a client that sent `wait` or `wait-button` waits for; it reads
    /// nothing more until answered.
    enum Waiting {
        /// `wait`: answered when the daemon exits.
        case exit
        /// `wait-button`: answered when the button is pressed or the HUD hidden.
        case button
    }

    /// Set while a `wait` or `wait-button` is unanswered.
    var waiting: Waiting?
    var isWaiting: Bool { waiting != nil }

    init(id: Int, fd: Int32, peer: PeerCredentials, connectedAt: HUDInstant) {
        self.id = id
        self.fd = fd
        self.peer = peer
        lastActivity = connectedAt
    }

    enum ReadResult {
        case bytes(Int)
        /// The client closed its end (or the connection failed).
        case closed
        /// Nothing more to read now.
        case drained
    }

    /// Reads what is waiting into `buffer` (`read`, non-blocking).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        let n = Errno.retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
        if n > 0 { return .bytes(n) }
        if n == 0 { return .closed }
        return errno == EAGAIN || errno == EWOULDBLOCK ? .drained : .closed
    }

    /// Sends `text` at once (`send`, `MSG_NOSIGNAL | MSG_DONTWAIT`). False when
    /// the client is gone or does not read its answers (its buffer is full):
    /// the daemon never waits for a client.
    func send(_ text: String) -> Bool {
        guard !isClosed else { return false }
        var text = text
        return text.withUTF8 { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = Errno.retryingOnInterrupt {
                    Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// Stops watching, cancels the stall timer and closes the socket. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        watch?.cancel()
        stallTimer?.cancel()
        Glibc.close(fd)
    }
}
