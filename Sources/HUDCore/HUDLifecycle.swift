import HUDSystem
/// MBProgressHUD's show/hide state machine, without side effects.
///
/// Each event takes the time it happens at and returns the actions its owner
/// must carry out (timers to start or stop, the did-hide callbacks). The
/// rules, from MBProgressHUD 1.2:
/// - `show` stops the min-show timer and any delayed hide and marks the HUD
///   unfinished. From hidden, with a grace time it waits for the grace timer
///   (and shows only if still unfinished then), else it appears at once. While
///   hiding it turns round and appears again from where the animation was.
/// - `hide` stops the grace timer and marks the HUD finished. During grace it
///   ends at once, never drawn. If shown for less than `minShowTime` the hide
///   waits for the rest; otherwise the bezel animates out (or vanishes).
/// - `hide(afterDelay:)` replaces an earlier delayed hide; when it fires the
///   rules of `hide` apply.
/// - `didHide` comes exactly once per show, when the HUD is gone.
public struct HUDLifecycle: Hashable, Sendable {
    /// The stages of one show.
    public enum Phase: Hashable, Sendable {
        /// Not shown, no show pending.
        case hidden
        /// `show` was called; waiting for the grace time. Nothing drawn.
        case grace
        /// On screen (possibly still animating in).
        case shown
        /// Animating out.
        case hiding
    }

    /// Where the HUD is in its show/hide cycle.
    public private(set) var phase: Phase = .hidden
    /// `hide` was asked for since the last `show` (MBProgressHUD's `finished`).
    public private(set) var isFinished = false
    /// When the HUD last appeared; the min-show time counts from here.
    public private(set) var shownSince: HUDInstant?
    /// The spinner's phase counts from here; a show that interrupts a hide keeps it.
    private var spinnerSince: HUDInstant?
    private var animated = true
    private var delayedHideAnimated = true
    private var bezel = BezelAnimation.resting(.hidden)
    private var running: Set<HUDTimer> = []

    public init() {}

    /// Whether the timer is running, as far as this state machine knows.
    public func isRunning(_ timer: HUDTimer) -> Bool { running.contains(timer) }

    // MARK: Events

    /// `show` at `t`: see the rules above.
    public mutating func show(animated: Bool, at t: HUDInstant, configuration c: HUDConfiguration) -> [HUDLifecycleAction] {
        var actions = cancel([.minShow, .delayedHide])
        self.animated = animated
        isFinished = false
        switch phase {
        case .hidden:
            if c.graceTime > .zero {
                phase = .grace
                actions += schedule(.grace, at: t + c.graceTime)
            } else {
                actions += appear(at: t, configuration: c)
            }
        case .grace, .shown:
            break
        case .hiding:
            actions += appear(at: t, configuration: c)
        }
        return actions
    }

    /// `hide` at `t`: see the rules above.
    public mutating func hide(animated: Bool, at t: HUDInstant, configuration c: HUDConfiguration) -> [HUDLifecycleAction] {
        var actions = cancel([.grace])
        self.animated = animated
        isFinished = true
        switch phase {
        case .hidden:
            break
        case .grace:
            actions += cancel([.delayedHide])
            actions += vanish()
        case .shown:
            if let since = shownSince, c.minShowTime > .zero, t - since < c.minShowTime {
                actions += schedule(.minShow, at: since + c.minShowTime)
            } else {
                actions += disappear(at: t, configuration: c)
            }
        case .hiding:
            if !animated {
                actions += cancel([.animationEnd])
                actions += vanish()
            }
        }
        return actions
    }

    /// `hide(afterDelay:)` at `t`: replaces an earlier delayed hide.
    public mutating func hide(animated: Bool, afterDelay delay: Duration, at t: HUDInstant) -> [HUDLifecycleAction] {
        delayedHideAnimated = animated
        return schedule(.delayedHide, at: t + max(delay, .zero))
    }

    /// A timer fired. Timers that were cancelled meanwhile are ignored.
    public mutating func timerFired(_ timer: HUDTimer, at t: HUDInstant, configuration c: HUDConfiguration) -> [HUDLifecycleAction] {
        guard running.remove(timer) != nil else { return [] }
        switch timer {
        case .grace:
            return phase == .grace && !isFinished ? appear(at: t, configuration: c) : []
        case .minShow:
            return phase == .shown && isFinished ? disappear(at: t, configuration: c) : []
        case .delayedHide:
            return hide(animated: delayedHideAnimated, at: t, configuration: c)
        case .animationEnd:
            bezel = .resting(bezel.to)
            return phase == .hiding ? vanish() : []
        }
    }

    // MARK: Transitions

    private mutating func appear(at t: HUDInstant, configuration c: HUDConfiguration) -> [HUDLifecycleAction] {
        let now = bezel.values(at: t)
        phase = .shown
        shownSince = t
        if spinnerSince == nil { spinnerSince = t }
        var actions: [HUDLifecycleAction] = []
        if animated {
            // The start scale applies only to a bezel that is fully transparent.
            let from = now.alpha == 0 ? .init(alpha: 0, scale: c.animation.appearingScale) : now
            bezel = BezelAnimation(from: from, to: .shown, start: t)
            actions += schedule(.animationEnd, at: bezel.end)
        } else {
            bezel = .resting(.shown)
            actions += cancel([.animationEnd])
        }
        return actions
    }

    private mutating func disappear(at t: HUDInstant, configuration c: HUDConfiguration) -> [HUDLifecycleAction] {
        var actions = cancel([.delayedHide, .minShow])
        if animated {
            phase = .hiding
            bezel = BezelAnimation(from: bezel.values(at: t),
                                   to: .init(alpha: 0, scale: c.animation.disappearingScale), start: t)
            actions += schedule(.animationEnd, at: bezel.end)
        } else {
            actions += cancel([.animationEnd])
            actions += vanish()
        }
        return actions
    }

    private mutating func vanish() -> [HUDLifecycleAction] {
        phase = .hidden
        shownSince = nil
        spinnerSince = nil
        bezel = .resting(.hidden)
        return [.didHide]
    }

    private mutating func schedule(_ timer: HUDTimer, at t: HUDInstant) -> [HUDLifecycleAction] {
        running.insert(timer)
        return [.schedule(timer, at: t)]
    }

    private mutating func cancel(_ timers: [HUDTimer]) -> [HUDLifecycleAction] {
        timers.compactMap { running.remove($0) != nil ? .cancel($0) : nil }
    }

    // MARK: Presentation

    /// How the HUD looks at `t`: a pure function of this state, the
    /// configuration, the device tilt and the time.
    public func presentation(at t: HUDInstant, configuration c: HUDConfiguration, tilt: HUDTilt = .level) -> HUDPresentation {
        let v = phase == .hidden || phase == .grace ? .hidden : bezel.values(at: t)
        let amplitude = c.motionEffectEnabled ? c.motionAmplitude : 0
        return HUDPresentation(
            bezelAlpha: v.alpha, bezelScale: v.scale, backgroundAlpha: v.alpha,
            spinnerPhase: spinnerStep(at: t).map { Double($0) / Double(HUDPresentation.spinnerSteps) } ?? 0,
            progress: c.progress,
            parallaxOffset: HUDPoint(x: tilt.x * amplitude, y: tilt.y * amplitude))
    }

    /// Whether anything is drawn at `t`.
    public func isVisible(at t: HUDInstant) -> Bool {
        (phase == .shown || phase == .hiding) && bezel.values(at: t).alpha > 0
    }

    /// When the presentation next changes by itself after `t`: `t` while the
    /// bezel animates, the next spinner step for a shown spinner, else `nil`.
    public func nextChange(after t: HUDInstant, configuration c: HUDConfiguration) -> HUDInstant? {
        guard phase == .shown || phase == .hiding else { return nil }
        if t < bezel.end, bezel.from != bezel.to { return t }
        guard c.mode == .indeterminate, let since = spinnerSince else { return nil }
        let step = HUDPresentation.spinnerPeriod.hudNanoseconds / Int64(HUDPresentation.spinnerSteps)
        let elapsed = (t - since).hudNanoseconds
        return since + .nanoseconds((elapsed / step + 1) * step)
    }

    private func spinnerStep(at t: HUDInstant) -> Int? {
        guard let since = spinnerSince else { return nil }
        let step = HUDPresentation.spinnerPeriod.hudNanoseconds / Int64(HUDPresentation.spinnerSteps)
        let elapsed = max(0, (t - since).hudNanoseconds)
        return Int((elapsed / step) % Int64(HUDPresentation.spinnerSteps))
    }
}
