import HUDCore

/// Turns a stack's invalidations into frames: one frame per change, at most
/// one per `minimumInterval`, and further frames only while the snapshot says
/// the picture changes by itself (`nextChange`). A static HUD costs nothing.
///
/// Lives on the stack's loop: every method must be called there (the
/// unchecked `Sendable` is for the loop's callbacks, which run there).
public final class FrameScheduler: @unchecked Sendable {
    public let stack: HUDStack
    public let minimumInterval: Duration
    private let draw: (HUDSnapshot) -> Void
    private var pending: ScheduledTimer?
    private var pendingAt: HUDInstant?
    private var lastFrame: HUDInstant?
    private var running = false

    /// - Parameter draw: called on the loop with each frame's snapshot.
    public init(stack: HUDStack, minimumInterval: Duration, draw: @escaping (HUDSnapshot) -> Void) {
        self.stack = stack
        self.minimumInterval = minimumInterval
        self.draw = draw
    }

    /// Starts listening to the stack and draws the first frame soon.
    public func start() {
        running = true
        stack.assumeIsolated { $0.setInvalidationHandler { [weak self] in self?.invalidate() } }
        invalidate()
    }

    /// Stops drawing and drops any scheduled frame.
    public func stop() {
        running = false
        pending?.cancel()
        pending = nil
        pendingAt = nil
        stack.assumeIsolated { $0.setInvalidationHandler(nil) }
    }

    /// Asks for a frame as soon as the pacing allows.
    public func invalidate() {
        schedule(at: stack.loop.now())
    }

    private func schedule(at wanted: HUDInstant) {
        guard running else { return }
        var at = wanted
        if let last = lastFrame, at < last + minimumInterval { at = last + minimumInterval }
        if let p = pendingAt, p <= at { return }
        pending?.cancel()
        pendingAt = at
        pending = stack.loop.schedule(at: at) { [weak self] in self?.frame() }
    }

    private func frame() {
        pending = nil
        pendingAt = nil
        guard running else { return }
        let now = stack.loop.now()
        let snapshot = stack.assumeIsolated { $0.snapshot(at: now) }
        lastFrame = now
        draw(snapshot)
        if let next = snapshot.nextChange { schedule(at: next) }
    }
}
