#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDPlymouth
import HUDSystem

/// One client of Plymouth's socket: its fd, the request it is in the middle
/// of, and its replies in request order. A reply that must wait (deactivate,
/// quit, a keystroke watch) holds back the ones after it, so the client,
/// which pairs replies with its requests in order, never gets them mixed up.
/// Used only on the daemon's loop.
final class PlymouthConnection: ConnectedSocket {
    /// A reply not sent yet.
    enum Slot: Equatable {
        case ready(PlymouthReply)
        /// `deactivate`: ACKed once the daemon is idle.
        case deactivate
        /// `quit`: ACKed just before the daemon exits.
        case quit
        /// `watch-keystroke` for these keys (nil: any): answered by a key, or NO_ANSWER on `ignore-keystroke`.
        case keystroke(String?)
        /// `*` or `W`: answered with what is typed into the prompt, NO_ANSWER when it is withdrawn.
        case prompt(HUDPromptTicket)
    }

    enum SendResult {
        case sent
        /// The client has gone (EPIPE, ECONNRESET): its requests are still carried out.
        case gone
        /// Its receive buffer is full: it does not read its replies.
        case notReading
    }

    let id: Int
    var peer: PeerCredentials
    var parser = PlymouthRequestParser()
    /// Malformed requests so far; too many and the client is dropped.
    var malformed = 0
    /// The client closed its end or stopped taking replies: replies are dropped, requests still carried out.
    var peerGone = false
    private(set) var slots: [Slot] = []

    init(id: Int, fd: Int32, peer: PeerCredentials) {
        self.id = id
        self.peer = peer
        super.init(fd: fd)
    }

    /// Replies queued or waiting.
    var pendingCount: Int { slots.count }

    /// Whether a reply of this kind is waiting.
    func isWaiting(for slot: Slot) -> Bool { slots.contains(slot) }

    func append(_ slot: Slot) { slots.append(slot) }

    /// Gives the first waiting slot that `matches` its reply; false when none matched.
    @discardableResult
    func resolveFirst(where matches: (Slot) -> Bool, with reply: PlymouthReply) -> Bool {
        guard let i = slots.firstIndex(where: { if case .ready = $0 { return false }; return matches($0) }) else { return false }
        slots[i] = .ready(reply)
        return true
    }

    /// Gives every waiting slot its reply (`replies` picks it).
    func resolveAll(_ replies: (Slot) -> PlymouthReply) {
        for i in slots.indices {
            if case .ready = slots[i] { continue }
            slots[i] = .ready(replies(slots[i]))
        }
    }

    /// Sends the ready replies at the head of the queue, in one `send`
    /// (`MSG_NOSIGNAL | MSG_DONTWAIT`); stops at the first that must wait.
    /// The daemon never waits for a client: a full buffer is `notReading`.
    func flush() -> SendResult {
        var bytes: [UInt8] = []
        var sent = 0
        for slot in slots {
            guard case .ready(let reply) = slot else { break }
            bytes += reply.encoded
            sent += 1
        }
        guard sent > 0 else { return .sent }
        slots.removeFirst(sent)
        guard !peerGone, !isClosed else { return .gone }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Errno.retryingOnInterrupt {
                    Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
            }
            guard n > 0 else {
                let e = errno
                peerGone = true
                return e == EAGAIN || e == EWOULDBLOCK ? .notReading : .gone
            }
            offset += n
        }
        return .sent
    }
}
