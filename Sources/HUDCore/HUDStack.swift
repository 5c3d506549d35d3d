import HUDSystem
/// The HUDs on one display, bottom to top, and the only owner of their state.
///
/// An actor on an `EventLoop`: every HUD's state, timer and callback lives on
/// that loop's thread (MBProgressHUD's main-thread rule, enforced by Swift's
/// isolation instead of an assert). Call it from any thread or task with
/// `await`; from synchronous code, `perform(_:)` queues work in order.
public actor HUDStack {
    /// The loop this stack runs on; its timers fire there.
    public nonisolated let loop: EventLoop
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }

    var entries: [HUDEntry] = []
    private var nextID = 1
    private var tilt = HUDTilt.level
    private var invalidationHandler: (@Sendable () -> Void)?
    /// Where each HUD's button is on screen, as the display last drew it.
    var buttonFrames: [Int: HUDRect] = [:]
    var nextPromptID = 1
    /// Sees typed text before any prompt (`setKeystrokeObserver`).
    var keystrokeObserver: (@Sendable (isolated HUDStack, String) -> Bool)?
    /// `whenInputNeeded` callers, run once `needsInput` turns true.
    var inputNeededWaiters: [@Sendable () -> Void] = []

    /// A progress source that has not moved for this long is read at
    /// `idleSourcePollInterval` instead of every frame.
    static let sourceSettleTime: Duration = .milliseconds(500)
    static let idleSourcePollInterval: Duration = .milliseconds(100)

    /// An empty stack whose state lives on `loop`.
    public init(loop: EventLoop) {
        self.loop = loop
    }

    /// Queues `body` on the stack's loop, after earlier calls, and returns at
    /// once. For synchronous callers: C callbacks, signal handlers, threads.
    public nonisolated func perform(_ body: @escaping @Sendable (isolated HUDStack) -> Void) {
        loop.execute { self.assumeIsolated(body) }
    }

    // MARK: HUDs

    /// Adds a hidden HUD on top (MBProgressHUD's `initWithView:` + `addSubview:`).
    public func makeHUD(_ configuration: HUDConfiguration = HUDConfiguration()) -> HUD {
        let entry = HUDEntry(id: nextID, configuration: configuration)
        nextID += 1
        entries.append(entry)
        return HUD(id: entry.id, stack: self)
    }

    /// Adds a HUD on top and shows it; it is removed when hidden
    /// (`showHUDAddedTo:animated:`).
    @discardableResult
    public func showHUD(_ configuration: HUDConfiguration = HUDConfiguration(), animated: Bool = true) -> HUD {
        var configuration = configuration
        configuration.removesWhenHidden = true
        let hud = makeHUD(configuration)
        show(hud, animated: animated)
        return hud
    }

    /// The HUDs in the stack, bottom first.
    public var huds: [HUD] { entries.map { HUD(id: $0.id, stack: self) } }

    /// The topmost HUD not yet asked to hide (`HUDForView:`).
    public func topmostUnfinishedHUD() -> HUD? {
        entries.last { !$0.lifecycle.isFinished }.map { HUD(id: $0.id, stack: self) }
    }

    /// Hides the topmost unfinished HUD (`hideHUDForView:animated:`).
    /// - Returns: whether there was one.
    @discardableResult
    public func hideTopmostHUD(animated: Bool = true) -> Bool {
        guard let hud = topmostUnfinishedHUD() else { return false }
        entry(hud)?.configuration.removesWhenHidden = true
        hide(hud, animated: animated)
        return true
    }

    /// Takes a HUD off the stack at once, without callbacks (`removeFromSuperview`).
    public func remove(_ hud: HUD) {
        guard let index = entries.firstIndex(where: { $0.id == hud.id }) else { return }
        let e = entries.remove(at: index)
        e.cancelTimers()
        e.resumeHiddenWaiters()
        e.withdrawPrompts()
        invalidate()
    }

    /// Runs `handler` once `hud` has gone: at once if it is hidden (or not
    /// on the stack), else after its hide (after the completion handler).
    public func whenHidden(_ hud: HUD, _ handler: @escaping @Sendable () -> Void) {
        guard let e = entry(hud), e.lifecycle.phase != .hidden else { return handler() }
        e.hiddenWaiters.append(handler)
    }

    // MARK: Display

    /// Sets the device tilt the parallax effect follows.
    public func setTilt(_ tilt: HUDTilt) {
        guard tilt != self.tilt else { return }
        self.tilt = tilt
        if entries.contains(where: { $0.configuration.motionEffectEnabled }) { invalidate() }
    }

    /// Called on the loop whenever the picture may have changed: draw a frame.
    public func setInvalidationHandler(_ handler: (@Sendable () -> Void)?) {
        invalidationHandler = handler
    }

    /// What the display shows at `time` (now when `nil`). Reads each visible
    /// HUD's progress source once.
    public func snapshot(at time: HUDInstant? = nil) -> HUDSnapshot {
        let t = time ?? loop.now()
        var layers: [HUDLayer] = []
        var next: HUDInstant?
        func earliest(_ a: HUDInstant?, _ b: HUDInstant?) -> HUDInstant? {
            guard let a else { return b }
            guard let b else { return a }
            return min(a, b)
        }
        for entry in entries where entry.lifecycle.isVisible(at: t) {
            if let source = entry.progressSource {
                let before = entry.configuration.progress
                entry.configuration.progress = source.fractionCompleted()
                // Moving: read again next frame. Still: look again after a
                // short while instead of waking at the frame rate.
                let moving = entry.configuration.progress != before || entry.sourceLastMoved == nil
                if moving { entry.sourceLastMoved = t }
                let idle = t - (entry.sourceLastMoved ?? t)
                next = earliest(next, idle < Self.sourceSettleTime ? t : t + Self.idleSourcePollInterval)
            }
            var presentation = entry.lifecycle.presentation(at: t, configuration: entry.configuration, tilt: tilt)
            presentation.buttonHighlighted = entry.buttonPointerInside && entry.buttonHeld && entry.isButtonPressable
            layers.append(HUDLayer(id: entry.id, configuration: entry.shownConfiguration, presentation: presentation))
        }
        for entry in entries {
            next = earliest(next, entry.lifecycle.nextChange(after: t, configuration: entry.configuration))
        }
        return HUDSnapshot(time: t, layers: layers, nextChange: next, generation: generation)
    }

    // MARK: One HUD (also reachable through `HUD`'s async methods)

    /// Shows `hud`, after its `graceTime` if set (`showAnimated:`).
    public func show(_ hud: HUD, animated: Bool = true) {
        guard let e = entry(hud) else { return }
        handle(e) { $0.show(animated: animated, at: loop.now(), configuration: e.configuration) }
    }

    /// Hides `hud` once it has been up its `minShowTime` (`hideAnimated:`).
    public func hide(_ hud: HUD, animated: Bool = true) {
        guard let e = entry(hud) else { return }
        handle(e) { $0.hide(animated: animated, at: loop.now(), configuration: e.configuration) }
    }

    /// Hides `hud` after `delay`, replacing an earlier delayed hide (`hideAnimated:afterDelay:`).
    public func hide(_ hud: HUD, animated: Bool = true, afterDelay delay: Duration) {
        guard let e = entry(hud) else { return }
        handle(e) { $0.hide(animated: animated, afterDelay: delay, at: loop.now()) }
    }

    /// Changes any of `hud`'s options at once.
    public func update(_ hud: HUD, _ body: (inout HUDConfiguration) -> Void) {
        guard let e = entry(hud) else { return }
        var c = e.configuration
        body(&c)
        guard c != e.configuration else { return }
        e.configuration = c
        if e.lifecycle.phase == .shown || e.lifecycle.phase == .hiding { invalidate() }
    }

    /// `hud`'s options; `nil` once it left the stack.
    public func configuration(of hud: HUD) -> HUDConfiguration? { entry(hud)?.configuration }

    /// `hud`'s lifecycle state; `nil` once it left the stack.
    public func lifecycle(of hud: HUD) -> HUDLifecycle? { entry(hud)?.lifecycle }

    /// Reads progress from `source` once per frame while `hud` is shown.
    public func setProgressSource(_ source: (any HUDProgressSource)?, for hud: HUD) {
        entry(hud)?.progressSource = source
        entry(hud)?.sourceLastMoved = nil
        invalidate()
    }

    /// Runs on the loop when `hud` has gone, once per show (`completionBlock`).
    public func setCompletion(_ handler: (@Sendable () -> Void)?, for hud: HUD) { entry(hud)?.completion = handler }

    /// Told after the completion handler; held weakly (`delegate`).
    public func setDelegate(_ delegate: (any HUDDelegate)?, for hud: HUD) { entry(hud)?.delegate = delegate }

    /// Runs `action` on the loop, inside the stack, each time `hud`'s button
    /// is pressed: released inside after a press (`pointerUp`) or activated by
    /// key (`activateButton`). MBProgressHUD's `button` target/action.
    public func setButtonAction(_ action: (@Sendable (isolated HUDStack) -> Void)?, for hud: HUD) {
        entry(hud)?.buttonAction = action
    }

    // MARK: Carrying out the lifecycle's actions

    func entry(_ hud: HUD) -> HUDEntry? {
        hud.stack === self ? entry(hud.id) : nil
    }

    private func entry(_ id: Int) -> HUDEntry? { entries.first { $0.id == id } }

    private func timerFired(_ timer: HUDTimer, for id: Int) {
        guard let e = entry(id) else { return }
        e.timers[timer] = nil
        handle(e) { $0.timerFired(timer, at: loop.now(), configuration: e.configuration) }
    }

    /// Runs one lifecycle event and carries out what it asks for.
    private func handle(_ e: HUDEntry, _ event: (inout HUDLifecycle) -> [HUDLifecycleAction]) {
        let before = e.lifecycle
        let actions = event(&e.lifecycle)
        for action in actions {
            switch action {
            case .schedule(let timer, let deadline):
                e.timers[timer]?.cancel()
                let id = e.id
                e.timers[timer] = loop.schedule(at: deadline) { [self] in
                    assumeIsolated { $0.timerFired(timer, for: id) }
                }
            case .cancel(let timer):
                e.timers.removeValue(forKey: timer)?.cancel()
            case .didHide:
                let hud = HUD(id: e.id, stack: self)
                e.completion?()
                e.delegate?.hudWasHidden(hud)
                e.resumeHiddenWaiters()
                e.withdrawPrompts()
                if e.configuration.removesWhenHidden, e.lifecycle.isFinished, e.lifecycle.phase == .hidden {
                    entries.removeAll { $0 === e }
                    e.cancelTimers()
                }
            }
        }
        if e.lifecycle != before { invalidate() }
    }

    func invalidate() {
        generation += 1
        // Before the display hears of the change: input is read before a frame draws what needs it.
        if !inputNeededWaiters.isEmpty, needsInput { runInputNeededWaiters() }
        invalidationHandler?()
    }

    /// Counts changes (every invalidation): see `HUDSnapshot.generation`.
    public private(set) var generation = 0

    /// The current generation when every visible HUD is at rest (no fade or
    /// zoom running; a spinner may turn), else nil: what a display must have
    /// presented for the screen to show the HUD as it is now.
    public func restingGeneration(at time: HUDInstant? = nil) -> Int? {
        snapshot(at: time).layers.allSatisfy(\.presentation.isAtRest) ? generation : nil
    }
}
