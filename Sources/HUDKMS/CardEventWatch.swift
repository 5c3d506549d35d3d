import HUDCore

/// A DRM card's events on an `EventLoop`: one fd watch per card, shared by
/// the card's displays, each flip event handed to its display by
/// `DRMCard.dispatchEvents`.
///
/// A display whose next frame is far off (a spinner's next step) reads its
/// flip event at that frame instead of being woken for it; while no display
/// on the card wants to be woken, the fd is left out of `epoll_wait`
/// (`FDWatch.setEnabled(false)`), halving the wake-ups of a slow animation.
/// Use it only on the loop's thread.
public final class CardEventWatch: @unchecked Sendable {
    public let card: DRMCard
    private var watch: FDWatch?
    private var enabled = true
    /// Displays that read their events themselves for now.
    private var collecting: Set<ObjectIdentifier> = []
    private let onError: @Sendable (any Error) -> Void

    /// Watches `card.fd` on `loop` (`epoll_ctl(EPOLL_CTL_ADD)`).
    public init(card: DRMCard, loop: EventLoop, onError: @escaping @Sendable (any Error) -> Void) throws(SystemError) {
        self.card = card
        self.onError = onError
        watch = try loop.watchReadable(fd: FileDescriptor(rawValue: card.fd)) { [card] in
            do { try card.dispatchEvents() } catch { onError(error) }
        }
    }

    /// Whether `display` wants to be woken for its events (true) or reads
    /// them itself with `dispatch()` at its next frame (false).
    func setWakeUps(_ wanted: Bool, for display: ObjectIdentifier) {
        if wanted { collecting.remove(display) } else { collecting.insert(display) }
        let enable = collecting.isEmpty
        guard enable != enabled, let watch else { return }
        enabled = enable
        watch.setEnabled(enable)
    }

    /// A display that is gone: it no longer keeps the fd out of `epoll_wait`.
    func forget(_ display: ObjectIdentifier) { setWakeUps(true, for: display) }

    /// Reads what events are there now (`drmHandleEvent`), if any.
    func dispatch() {
        do { try card.dispatchEvents() } catch { onError(error) }
    }

    /// Stops watching the fd; the card stays open.
    public func cancel() {
        watch?.cancel()
        watch = nil
    }
}
