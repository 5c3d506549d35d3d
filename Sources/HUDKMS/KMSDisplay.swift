#if canImport(Glibc)
import Glibc
#endif
import HUDCore

/// Drives one `KMSOutput` from an `EventLoop`: renders a frame when the HUD
/// changed, page-flips to it, and renders the next one only after that flip
/// completed and no sooner than the `FramePacer` allows. A static HUD costs
/// nothing: no frame, no timer, no wake-up.
///
/// The DRM fd is watched by a `CardEventWatch`; flip events come through
/// `drmHandleEvent`. When the next frame is at least two refresh intervals
/// away (a spinner's next step), the flip event is not waited for: it is read
/// at that frame, one wake-up instead of two. When no HUD is visible the
/// console is given back. Use it only on the loop's thread.
public final class KMSDisplay: @unchecked Sendable {
    /// Counters for `--stats` and tests.
    public struct Statistics: Sendable {
        public var framesRendered = 0
        /// Frames that reached the screen: flip events plus synchronous modesets.
        public var framesPresented = 0
        public var flipEvents = 0
        /// When the first frame was on screen.
        public var firstFrameAt: HUDInstant?
        /// When the first frame with all its labels was on screen.
        public var firstCompleteFrameAt: HUDInstant?
        /// Pixels repainted into scan-out buffers (damage only, after each buffer's first frame).
        public var pixelsPainted = 0
        /// Times the console was given back because nothing was visible.
        public var consoleRestores = 0
    }

    public let output: KMSOutput
    public let loop: EventLoop
    public private(set) var statistics = Statistics()
    /// Called with each error the loop cannot throw (a failed commit).
    public var onError: (@Sendable (any Error) -> Void)?
    /// Called when nothing was visible any more and the console was given back.
    public var onConsoleRestored: (@Sendable () -> Void)?
    /// Called after each frame reached the screen.
    public var onFramePresented: (@Sendable (Statistics) -> Void)?

    private let painter: FramePainter
    private let snapshot: @Sendable (HUDInstant) -> HUDSnapshot
    private var pacer: FramePacer
    private var sink: PageFlipSink!
    private var events: CardEventWatch?
    private let ownsEvents: Bool
    /// The flip event is left unread until the next frame (see the type's comment).
    private var flipDeferred = false
    /// Set while a deferred flip event is read at frame time.
    private var collecting = false
    private var timer: ScheduledTimer?
    private var timerDeadline: HUDInstant?
    private var flipPending = false
    private var wanted: HUDInstant?
    private var paused = false
    private var stopped = false
    private var pendingFrameComplete = false
    /// The stack generation of the frame in flight, and of the one on screen.
    private var pendingGeneration = -1
    private var presentedGeneration = -1
    private var presentedComplete = false

    /// - Parameters:
    ///   - fpsCap: frames per second at most; the mode's refresh rate otherwise.
    ///   - events: the card's event watch when several displays share a card
    ///     (events find their display by user data); nil: the display watches
    ///     the card itself from `start()`.
    ///   - snapshot: the picture at an instant (called on the loop).
    public init(output: KMSOutput, loop: EventLoop, painter: FramePainter, fpsCap: Double? = nil,
                events: CardEventWatch? = nil, snapshot: @escaping @Sendable (HUDInstant) -> HUDSnapshot) {
        self.output = output
        self.events = events
        ownsEvents = events == nil
        self.loop = loop
        self.painter = painter
        self.snapshot = snapshot
        pacer = FramePacer(refreshRate: output.mode.refreshRate, cap: fpsCap)
        // Weak: a display dropped with a flip pending (a head unplugged) is
        // gone when the card reads its event.
        sink = PageFlipSink { [weak self] _, _, _ in self?.flipCompleted() }
    }

    /// The least time between frames.
    public var frameInterval: Duration { pacer.interval }

    /// Starts watching the DRM fd and draws the first frame.
    public func start() throws {
        if events == nil {
            events = try CardEventWatch(card: output.card, loop: loop) { [self] error in onError?(error) }
        }
        painter.onNeedsFrame = { [loop] in loop.execute { [self] in self.invalidate() } }
        renderFrame()
        afterFirstCommit?(loop.now())
    }

    /// Called once the first frame was committed (for start-up timing).
    public var afterFirstCommit: (@Sendable (HUDInstant) -> Void)?

    /// The picture changed: draw a frame as soon as pacing allows.
    public func invalidate() {
        requestFrame(at: loop.now())
    }

    private func requestFrame(at time: HUDInstant) {
        guard !stopped else { return }
        if (flipPending && !flipDeferred) || paused {
            wanted = min(wanted ?? time, time)
            return
        }
        let start = pacer.earliestStart(for: time)
        if let d = timerDeadline, d <= start { return }
        timer?.cancel()
        timerDeadline = start
        timer = loop.schedule(at: start) { [self] in
            timerDeadline = nil
            timer = nil
            renderFrame()
        }
    }

    private func renderFrame() {
        guard !stopped else { return }
        if flipDeferred, !paused { collectDeferredFlip() }
        if flipPending || paused {
            wanted = min(wanted ?? loop.now(), loop.now())
            return
        }
        let now = loop.now()
        // This frame is what was wanted until now.
        if let w = wanted, w <= now { wanted = nil }
        let snap = snapshot(now)
        guard snap.layers.contains(where: \.presentation.isVisible) else {
            presentedGeneration = snap.generation
            presentedComplete = true
            if output.front != nil {
                do {
                    try output.restoreConsole()
                    statistics.consoleRestores += 1
                    onConsoleRestored?()
                } catch { onError?(error) }
                painter.invalidateAll()
            }
            if let next = snap.nextChange { requestFrame(at: max(next, now)) }
            return
        }
        pacer.frameStarted(at: now)
        let back = output.front.map { ($0 + 1) % output.buffers.count } ?? 0
        let repainted = painter.paint(snap, buffer: back)
        if repainted.isEmpty, output.front != nil {
            // Nothing changed (e.g. a progress source that stopped moving):
            // the screen is right as it is; no commit, just wait for the next change.
            if !flipPending {
                presentedGeneration = snap.generation
                presentedComplete = painter.lastFrameComplete
            }
            if let next = snap.nextChange { requestFrame(at: next) }
            return
        }
        statistics.pixelsPainted += repainted.area
        statistics.framesRendered += 1
        pendingFrameComplete = painter.lastFrameComplete
        pendingGeneration = snap.generation
        if let next = snap.nextChange { wanted = min(wanted ?? next, next) }
        do {
            if try output.present(back, sink: sink) {
                flipPending = true
                deferFlipEventIfIdle(now: now)
            } else {
                presented()
            }
        } catch {
            // EACCES/EPERM: another client is master (VT switched away); wait for resume().
            // EBUSY: the driver is still busy with an earlier commit; try again a frame later.
            if error.drmErrno == EACCES || error.drmErrno == EPERM { paused = true }
            onError?(error)
            if error.drmErrno == EBUSY { requestFrame(at: now) }
        }
    }

    /// After a commit: when the next frame is two refresh intervals or more
    /// away, asks not to be woken for the flip event and schedules that frame,
    /// which reads the event first. (Never for the first frame: start-up
    /// waits on its flip.)
    private func deferFlipEventIfIdle(now: HUDInstant) {
        guard let events, let next = wanted, statistics.framesPresented > 0,
              next - now >= pacer.interval * 2 else {
            events?.setWakeUps(true, for: ObjectIdentifier(self))
            return
        }
        flipDeferred = true
        wanted = nil
        events.setWakeUps(false, for: ObjectIdentifier(self))
        requestFrame(at: next)
    }

    /// Reads the flip event left unread; if it has not come yet, waits to be woken for it.
    private func collectDeferredFlip() {
        flipDeferred = false
        collecting = true
        events?.dispatch()
        collecting = false
        if flipPending { events?.setWakeUps(true, for: ObjectIdentifier(self)) }
    }

    private func flipCompleted() {
        if stopped {
            // The last frame, landing after stop: counted, nothing more drawn.
            statistics.flipEvents += 1
            statistics.framesPresented += 1
            flipPending = false
            if let settled = onFlipSettled {
                // stop(waitingForFlip: false) kept the shared watch for this event.
                onFlipSettled = nil
                events?.forget(ObjectIdentifier(self))
                events = nil
                settled()
            }
            return
        }
        statistics.flipEvents += 1
        flipPending = false
        flipDeferred = false
        presented()
    }

    private func presented() {
        presentedGeneration = pendingGeneration
        presentedComplete = pendingFrameComplete
        statistics.framesPresented += 1
        let now = loop.now()
        if statistics.firstFrameAt == nil { statistics.firstFrameAt = now }
        if pendingFrameComplete, statistics.firstCompleteFrameAt == nil { statistics.firstCompleteFrameAt = now }
        onFramePresented?(statistics)
        painter.framePresented()
        if let w = wanted, !collecting {
            wanted = nil
            requestFrame(at: w)
        }
    }

    /// Stops drawing (DRM master was dropped, e.g. the VT switched away).
    public func pause() {
        paused = true
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    /// Draws again after `pause`: a full modeset and repaint.
    public func resume() {
        guard paused else { return }
        paused = false
        output.invalidateModeset()
        painter.invalidateAll()
        invalidate()
    }

    /// Gives the display away when asked (or when the VT is switched away):
    /// stops drawing, then `drmDropMaster`.
    public func dropMaster() throws(SystemError) {
        pause()
        try output.card.dropMaster()
    }

    /// Takes the display back (`drmSetMaster`) and repaints everything.
    /// While another client is master this throws and drawing stays paused.
    public func takeMaster() throws(SystemError) {
        try output.card.setMaster()
        resume()
    }

    /// Waits (up to `timeoutMilliseconds`) for an outstanding page flip, so
    /// the last frame is on screen and the CRTC is free for another commit.
    public func waitForPendingFlip(timeoutMilliseconds: Int32 = 500) {
        var left = timeoutMilliseconds
        while flipPending, left > 0 {
            var p = pollfd(fd: output.card.fd, events: Int16(POLLIN), revents: 0)
            let t0 = loop.now()
            if poll(&p, 1, left) <= 0 { break }
            _ = try? output.card.dispatchEvents()
            left -= Int32((loop.now() - t0).hudNanoseconds / 1_000_000)
        }
    }

    /// Whether the screen shows every change up to stack generation
    /// `generation`: a frame of it (or later) presented (its flip event
    /// read), complete (labels drawn, or none to draw). A spinner's next
    /// frame may be in flight: it changes nothing but the indicator.
    public func hasSettled(generation: Int) -> Bool {
        !paused && presentedGeneration >= generation && presentedComplete
    }

    /// Whether a page flip has been asked for and its event has not come.
    public var isFlipPending: Bool { flipPending }

    /// Called once when the flip that was pending at `stop(waitingForFlip: false)`
    /// has completed: only then are the output's buffers surely off the
    /// screen. (The flip's sink stays with `DRMCard` until its event.)
    public var onFlipSettled: (() -> Void)?

    /// Stops the frame loop. Unless `retainLastFrame`, gives the CRTC back to
    /// the console it showed before. With `waitingForFlip` (the default) it
    /// first waits (up to 500 ms) for a pending flip; without, it returns at
    /// once and `onFlipSettled` says when the flip has completed (a head
    /// unplugged while the others go on drawing: the loop never waits for it).
    public func stop(retainLastFrame: Bool, waitingForFlip: Bool = true) {
        guard !stopped else { return }
        stopped = true
        timer?.cancel()
        timer = nil
        // The painter's callback holds this display: let both go.
        painter.onNeedsFrame = nil
        if waitingForFlip { waitForPendingFlip() }
        if !waitingForFlip, flipPending, !ownsEvents {
            // Keep reading the shared card's events until our flip has come.
            events?.setWakeUps(true, for: ObjectIdentifier(self))
            return
        }
        if ownsEvents { events?.cancel() } else { events?.forget(ObjectIdentifier(self)) }
        events = nil
        if !retainLastFrame, output.front != nil, !paused {
            do { try output.restoreConsole() } catch { onError?(error) }
        }
    }
}

extension Error {
    /// The errno of a `SystemError`, else 0.
    var drmErrno: Int32 { (self as? SystemError)?.errno?.rawValue ?? 0 }
}
