#if canImport(Glibc)
import Glibc
#endif
import HUDCore

/// Drives one `KMSOutput` from an `EventLoop`: renders a frame when the HUD
/// changed, page-flips to it, and renders the next one only after that flip
/// completed and no sooner than the `FramePacer` allows. A static HUD costs
/// nothing: no frame, no timer, no wake-up.
///
/// The DRM fd is watched with `watchReadable`; flip events come through
/// `drmHandleEvent`. When no HUD is visible the console is given back.
/// Use it only on the loop's thread.
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
    private var watch: FDWatch?
    private var timer: ScheduledTimer?
    private var timerDeadline: HUDInstant?
    private var flipPending = false
    private var wanted: HUDInstant?
    private var paused = false
    private var stopped = false
    private var pendingFrameComplete = false

    /// - Parameters:
    ///   - fpsCap: frames per second at most; the mode's refresh rate otherwise.
    ///   - snapshot: the picture at an instant (called on the loop).
    public init(output: KMSOutput, loop: EventLoop, painter: FramePainter, fpsCap: Double? = nil,
                snapshot: @escaping @Sendable (HUDInstant) -> HUDSnapshot) {
        self.output = output
        self.loop = loop
        self.painter = painter
        self.snapshot = snapshot
        pacer = FramePacer(refreshRate: output.mode.refreshRate, cap: fpsCap)
        sink = PageFlipSink { [unowned self] _, _, _ in self.flipCompleted() }
    }

    /// The least time between frames.
    public var frameInterval: Duration { pacer.interval }

    /// Starts watching the DRM fd and draws the first frame.
    public func start() throws {
        watch = try loop.watchReadable(fd: output.card.fd) { [self] in
            do { try output.card.dispatchEvents() } catch { onError?(error) }
        }
        painter.onNeedsFrame = { [loop] in loop.execute { [self] in self.invalidate() } }
        renderFrame()
    }

    /// The picture changed: draw a frame as soon as pacing allows.
    public func invalidate() {
        requestFrame(at: loop.now())
    }

    private func requestFrame(at time: HUDInstant) {
        guard !stopped else { return }
        if flipPending || paused {
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
        if flipPending || paused {
            wanted = min(wanted ?? loop.now(), loop.now())
            return
        }
        let now = loop.now()
        let snap = snapshot(now)
        guard snap.layers.contains(where: \.presentation.isVisible) else {
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
        _ = painter.paint(snap, buffer: back)
        statistics.framesRendered += 1
        pendingFrameComplete = (painter as? CairoHUDPainter)?.lastFrameHadAllLabels ?? true
        if let next = snap.nextChange { wanted = min(wanted ?? next, next) }
        do {
            if try output.present(back, sink: sink) {
                flipPending = true
            } else {
                presented()
            }
        } catch {
            // EACCES/EPERM: another client is master (VT switched away); wait for resume().
            if error.drmErrno == EACCES || error.drmErrno == EPERM { paused = true }
            onError?(error)
        }
    }

    private func flipCompleted() {
        statistics.flipEvents += 1
        flipPending = false
        presented()
    }

    private func presented() {
        statistics.framesPresented += 1
        let now = loop.now()
        if statistics.firstFrameAt == nil { statistics.firstFrameAt = now }
        if pendingFrameComplete, statistics.firstCompleteFrameAt == nil { statistics.firstCompleteFrameAt = now }
        onFramePresented?(statistics)
        if let w = wanted {
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

    /// Stops the frame loop. Unless `retainLastFrame`, gives the CRTC back to
    /// the console it showed before.
    public func stop(retainLastFrame: Bool) {
        guard !stopped else { return }
        stopped = true
        timer?.cancel()
        waitForPendingFlip()
        watch?.cancel()
        watch = nil
        if !retainLastFrame, output.front != nil, !paused {
            do { try output.restoreConsole() } catch { onError?(error) }
        }
    }
}

extension Error {
    /// The errno of a `DRMError`, else 0.
    var drmErrno: Int32 { (self as? DRMError)?.errno ?? 0 }
}
