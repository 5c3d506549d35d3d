#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDProtocol

/// One connected client: its socket, its credentials and the bytes of a
/// message not yet complete. Used only on the daemon's loop.
final class ClientConnection: ConnectedSocket {
    let id: Int
    let peer: PeerCredentials
    var framer = LineFramer()
    /// When it last sent anything: the client idle longest makes room when the limit is reached.
    var lastActivity: HUDInstant
    /// What a client that sent `wait` or `wait-button` waits for; it reads
    /// nothing more until answered.
    enum Waiting: Equatable {
        /// `wait`: answered when the daemon exits.
        case exit
        /// `wait-button`: answered when the button is pressed or the HUD hidden.
        case button
        /// `ask`: answered when the prompt is (typed and Enter, Ctrl-C, or withdrawn).
        case prompt(HUDPromptTicket)
    }

    /// Set while a `wait` or `wait-button` is unanswered.
    var waiting: Waiting?
    var isWaiting: Bool { waiting != nil }

    init(id: Int, fd: Int32, peer: PeerCredentials, connectedAt: HUDInstant) {
        self.id = id
        self.peer = peer
        lastActivity = connectedAt
        super.init(fd: fd)
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
}
