#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDFrames
import HUDSystem

/// One KMS scanout's page-flip events, read from its card's shared
/// `CardEventWatch`: whether a flip is in flight, the sink its commits carry
/// as user data, and whether its display wants to be woken for them.
final class PageFlipEvents {
    let watch: CardEventWatch
    /// The user data of this scanout's flips (the card holds it until the event).
    private(set) var sink: PageFlipSink!
    /// A flip was submitted and its event not read yet.
    private(set) var inFlight = false
    /// Called when the flip's event was read.
    var onCompleted: (() -> Void)?

    init(watch: CardEventWatch) {
        self.watch = watch
        // Weak: a scanout dropped with a flip pending (a head unplugged) is
        // gone when the card reads its event.
        sink = PageFlipSink { [weak self] _, _, _ in self?.completed() }
    }

    func submitted() { inFlight = true }

    private func completed() {
        inFlight = false
        onCompleted?()
    }

    /// Whether the loop is woken for the event, or reads it with `collect`.
    func setWakeUps(_ wanted: Bool) { watch.setWakeUps(wanted, for: ObjectIdentifier(self)) }

    /// Reads the card's events that are there now (`drmHandleEvent`).
    func collect() { watch.dispatch() }

    /// Polls the card's fd for up to `timeout` until this scanout's flip event was read.
    func wait(timeout: Duration) {
        let card = watch.card
        var left = Int32(timeout.hudNanoseconds / 1_000_000)
        let clock = SystemClock.shared
        while inFlight, left > 0 {
            var p = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
            let t0 = clock.now()
            if poll(&p, 1, left) <= 0 { break }
            _ = try? card.dispatchEvents()
            left -= Int32((clock.now() - t0).hudNanoseconds / 1_000_000)
        }
    }

    /// This scanout is gone: it no longer keeps the card's fd out of `epoll_wait`.
    func forget() { watch.forget(ObjectIdentifier(self)) }
}
