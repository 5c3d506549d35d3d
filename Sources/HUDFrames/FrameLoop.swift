import HUDCore

/// The one frame loop: from "the picture changed" to a frame on a `Scanout`.
///
/// Control flows one way. `invalidate()` (the stack's invalidation handler)
/// asks for a frame; when pacing allows (`FramePacer`: the refresh rate or a
/// cap, since QEMU's flips do not wait for a vblank) the loop takes a
/// snapshot, hands the painter the buffer to draw (it repaints that buffer's
/// damage only) and has the scanout present it. The next frame starts only
/// after the last one reached the screen. A static HUD costs nothing: no
/// frame, no timer, no wake-up.
///
/// When the next frame is at least two intervals away (a spinner's next
/// step), the loop does not ask to be woken for the presentation's
/// completion: it reads it at that frame, one wake-up instead of two. When
/// nothing is visible the scanout gives the screen back. Use it only on the
/// loop's thread.
public final class FrameLoop: @unchecked Sendable {
    public let scanout: any Scanout
    public let loop: EventLoop
    public private(set) var statistics = FrameStatistics()
    /// Called with each error the loop cannot throw (a failed commit).
    public var onError: (@Sendable (any Error) -> Void)?
    /// Called when nothing was visible any more and the screen was given back.
    public var onScreenReleased: (@Sendable () -> Void)?
    /// Observes each frame that reached the screen.
    public var onFramePresented: (@Sendable (FrameStatistics) -> Void)?
    /// Called with the snapshot the screen shows once each frame has been
    /// resolved: presented, or found to change nothing on screen.
    public var onFrameShown: ((HUDSnapshot) -> Void)?
    /// Called once the first frame was handed to the scanout (start-up timing).
    public var afterFirstCommit: (@Sendable (HUDInstant) -> Void)?
    /// Called once when the presentation still pending at
    /// `stop(retainingPicture:waitingForPresentation: false)` has completed:
    /// only then are the scanout's buffers surely off the screen.
    public var onPresentationSettled: (() -> Void)?

    private let painter: any FramePainter
    private let snapshot: (HUDInstant) -> HUDSnapshot
    private var pacer: FramePacer
    private var timer: ScheduledTimer?
    private var timerDeadline: HUDInstant?
    /// A frame was asked for while one could not start (presentation pending, paused).
    private var wanted: HUDInstant?
    private var presentationPending = false
    /// The pending presentation's completion is left unread until the next frame.
    private var completionDeferred = false
    /// Set while that completion is read at frame time.
    private var collecting = false
    private var paused = false
    private var stopped = false
    /// The frame in flight, and the stack generation on screen.
    private var pendingSnapshot: HUDSnapshot?
    private var pendingComplete = false
    private var presentedGeneration = -1
    private var presentedComplete = false

    /// - Parameters:
    ///   - fpsCap: frames per second at most; the scanout's refresh rate (or 60) otherwise.
    ///   - snapshot: the picture at an instant (called on the loop).
    public init(scanout: any Scanout, painter: any FramePainter, loop: EventLoop, fpsCap: Double? = nil,
                snapshot: @escaping (HUDInstant) -> HUDSnapshot) {
        self.scanout = scanout
        self.painter = painter
        self.loop = loop
        self.snapshot = snapshot
        pacer = FramePacer(refreshRate: scanout.refreshRate ?? 60, cap: fpsCap)
    }

    /// The least time between frames.
    public var frameInterval: Duration { pacer.interval }

    /// Starts the scanout and draws the first frame.
    public func start() throws(SystemError) {
        try scanout.start { [weak self] in self?.presentationCompleted() }
        painter.onNeedsFrame = { [loop] in loop.execute { [weak self] in self?.invalidate() } }
        painter.invalidateAll()
        renderFrame()
        afterFirstCommit?(loop.now())
    }

    /// The picture changed: draw a frame as soon as pacing allows.
    public func invalidate() {
        requestFrame(at: loop.now())
    }

    private func requestFrame(at time: HUDInstant) {
        guard !stopped else { return }
        if (presentationPending && !completionDeferred) || paused {
            wanted = min(wanted ?? time, time)
            return
        }
        let start = pacer.earliestStart(for: time)
        if let d = timerDeadline, d <= start { return }
        timer?.cancel()
        timerDeadline = start
        timer = loop.schedule(at: start) { [weak self] in
            guard let self else { return }
            timerDeadline = nil
            timer = nil
            renderFrame()
        }
    }

    private func renderFrame() {
        guard !stopped else { return }
        if completionDeferred, !paused { collectDeferredCompletion() }
        let now = loop.now()
        if presentationPending || paused {
            wanted = min(wanted ?? now, now)
            return
        }
        // This frame is what was wanted until now.
        if let w = wanted, w <= now { wanted = nil }
        let snap = snapshot(now)
        if !painter.drawsWithoutHUDs, !snap.layers.contains(where: \.presentation.isVisible), releaseScreen() {
            presentedGeneration = snap.generation
            presentedComplete = true
            onFrameShown?(snap)
            if let next = snap.nextChange { requestFrame(at: max(next, now)) }
            return
        }
        pacer.frameStarted(at: now)
        let back = scanout.front.map { ($0 + 1) % scanout.buffers.count } ?? 0
        let repainted = painter.paint(snap, into: scanout.buffers[back], index: back, front: scanout.front)
        // The app's picture on a plane of its own: its buffers take turns apart from the HUD's.
        var contentBack: Int?
        var contentRepainted = PixelRect.empty
        let contentBuffers = scanout.contentBuffers
        if !contentBuffers.isEmpty {
            let index = scanout.contentFront.map { ($0 + 1) % contentBuffers.count } ?? 0
            contentRepainted = painter.paintContent(into: contentBuffers[index], index: index, front: scanout.contentFront)
            if !contentRepainted.isEmpty || scanout.contentFront == nil { contentBack = index }
        }
        let hudBack: Int? = repainted.isEmpty && scanout.front != nil ? nil : back
        if hudBack == nil, contentBack == nil {
            // Nothing changed on screen (a progress source that stopped
            // moving): no presentation, just wait for the next change.
            presentedGeneration = snap.generation
            presentedComplete = painter.lastFrameComplete
            onFrameShown?(snap)
            if let next = snap.nextChange { requestFrame(at: max(next, now)) }
            return
        }
        statistics.pixelsPainted += repainted.area + contentRepainted.area
        statistics.framesRendered += 1
        if !contentBuffers.isEmpty {
            if hudBack != nil { statistics.hudPlaneUpdates += 1 }
            if contentBack != nil { statistics.contentPlaneUpdates += 1 }
        }
        pendingComplete = painter.lastFrameComplete
        pendingSnapshot = snap
        if let next = snap.nextChange { wanted = min(wanted ?? next, next) }
        do {
            let presentation = contentBuffers.isEmpty
                ? try scanout.present(back, damage: repainted)
                : try scanout.present(hud: hudBack, damage: repainted, content: contentBack, contentDamage: contentRepainted)
            switch presentation {
            case .pending:
                presentationPending = true
                deferCompletionIfIdle(now: now)
            case .onScreen:
                presented()
            }
        } catch {
            switch error.errno {
            case .permissionDenied?, .notPermitted?:
                // Another client is master (the VT switched away): wait for resume().
                paused = true
            case .busy?:
                // The driver is still busy with an earlier commit: try again a frame later.
                requestFrame(at: now)
            default:
                break
            }
            onError?(error)
        }
    }

    /// Nothing is visible: has the scanout give the screen back. False when
    /// the scanout keeps drawing (fbdev, memory): the empty picture is painted.
    private func releaseScreen() -> Bool {
        let wasShowing = scanout.front != nil
        do {
            guard try scanout.release() else { return false }
            if wasShowing {
                statistics.releases += 1
                onScreenReleased?()
                painter.invalidateAll()
            }
        } catch {
            onError?(error)
            painter.invalidateAll()
        }
        return true
    }

    /// After a `.pending` presentation: when the next frame is two intervals
    /// or more away, asks not to be woken for its completion and schedules
    /// that frame, which reads it first. (Never for the first frame:
    /// start-up waits for it.)
    private func deferCompletionIfIdle(now: HUDInstant) {
        guard let next = wanted, statistics.framesPresented > 0, next - now >= pacer.interval * 2 else {
            scanout.setWakesOnCompletion(true)
            return
        }
        completionDeferred = true
        wanted = nil
        scanout.setWakesOnCompletion(false)
        requestFrame(at: next)
    }

    /// Reads the completion left unread; if it has not come yet, asks to be woken for it.
    private func collectDeferredCompletion() {
        completionDeferred = false
        collecting = true
        scanout.collectCompletions()
        collecting = false
        if presentationPending { scanout.setWakesOnCompletion(true) }
    }

    private func presentationCompleted() {
        statistics.completionEvents += 1
        guard !stopped else {
            // The last frame, landing after stop: counted, nothing more drawn.
            statistics.framesPresented += 1
            presentationPending = false
            if let settled = onPresentationSettled {
                onPresentationSettled = nil
                do { try scanout.stop(retainingPicture: true) } catch { onError?(error) }
                settled()
            }
            return
        }
        presentationPending = false
        completionDeferred = false
        presented()
    }

    private func presented() {
        presentedComplete = pendingComplete
        statistics.framesPresented += 1
        let now = loop.now()
        if statistics.firstFrameAt == nil { statistics.firstFrameAt = now }
        if pendingComplete, statistics.firstCompleteFrameAt == nil { statistics.firstCompleteFrameAt = now }
        if let snap = pendingSnapshot {
            pendingSnapshot = nil
            presentedGeneration = snap.generation
            onFrameShown?(snap)
        }
        onFramePresented?(statistics)
        painter.framePresented()
        if let w = wanted, !collecting {
            wanted = nil
            requestFrame(at: w)
        }
    }

    /// Stops drawing: the screen is not ours (the VT was switched away, DRM master dropped).
    public func pause() {
        paused = true
        timer?.cancel()
        timer = nil
        timerDeadline = nil
        scanout.suspend()
    }

    /// Draws again after `pause`: the scanout sets the screen up again and everything is repainted.
    public func resume() {
        guard paused, !stopped else { return }
        paused = false
        scanout.resume()
        painter.invalidateAll()
        invalidate()
    }

    /// Whether the screen shows every change up to stack generation
    /// `generation`: a frame of it (or later) presented, complete (labels
    /// drawn, or none to draw). A spinner's next frame may be in flight: it
    /// changes nothing but the indicator.
    public func hasSettled(generation: Int) -> Bool {
        !paused && presentedGeneration >= generation && presentedComplete
    }

    /// Whether a presentation was asked for and has not completed.
    public var isPresentationPending: Bool { presentationPending }

    /// Waits (up to 500 ms) for a pending presentation, so the last frame is
    /// on screen and the screen is free for another client.
    public func waitForPendingPresentation() {
        if presentationPending { scanout.waitForCompletion(timeout: .milliseconds(500)) }
    }

    /// Stops the frame loop. Unless `retainingPicture`, the scanout gives the
    /// screen back. With `waitingForPresentation` (the default) it first waits
    /// (up to 500 ms) for a pending presentation; without, it returns at once
    /// and `onPresentationSettled` says when that presentation has completed
    /// (a head unplugged while the others go on drawing: the loop never waits for it).
    public func stop(retainingPicture: Bool, waitingForPresentation: Bool = true) {
        guard !stopped else { return }
        stopped = true
        timer?.cancel()
        timer = nil
        // The painter's callback holds this loop weakly; let it go.
        painter.onNeedsFrame = nil
        if waitingForPresentation { waitForPendingPresentation() }
        if !waitingForPresentation, presentationPending, onPresentationSettled != nil {
            // Keep reading completions until ours has come.
            scanout.setWakesOnCompletion(true)
            return
        }
        do { try scanout.stop(retainingPicture: retainingPicture) } catch { onError?(error) }
    }
}

extension Error {
    /// The errno of a `SystemError`, else nil.
    fileprivate var errno: Errno? { (self as? SystemError)?.errno }
}
