#if canImport(Glibc)
import Glibc
#endif
import HUDCore

/// What every client connection of the daemon is (ours: `ClientConnection`;
/// Plymouth's: `PlymouthConnection`), and `SWUpdateFollower`'s connection to
/// SWUpdate: a connected, non-blocking socket, its watch on the loop, a timer
/// for a message left half-sent, and one close. Used only on its loop.
class ConnectedSocket {
    let fd: Int32
    var watch: FDWatch?
    /// Fires when a message has been left unfinished too long.
    var stallTimer: ScheduledTimer?
    private(set) var isClosed = false

    init(fd: Int32) { self.fd = fd }

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

    /// Stops watching, cancels the stall timer and closes the socket. Idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        watch?.cancel()
        stallTimer?.cancel()
        Glibc.close(fd)
    }
}
