import HUDCore
import HUDPlymouth
import HUDProtocol
import HUDRender

/// Carries the HUD requests of clients and of psplash's FIFO out on one
/// HUD in a `HUDStack`, the daemon's splash.
///
/// An actor on the stack's loop, so the daemon's fd callbacks (on the loop)
/// call it synchronously with `assumeIsolated`. The HUD is made once and
/// kept: `show` on a hidden HUD starts from the theme, `show` or `update`
/// on a visible one changes only what they name.
public actor HUDController {
    public nonisolated let stack: HUDStack
    public nonisolated var unownedExecutor: UnownedSerialExecutor { stack.loop.asUnownedSerialExecutor() }
    public private(set) var theme: DaemonTheme
    private var hud: HUD?
    /// What the splash is up for (`hud daemon --mode`, Plymouth's `change-mode`), reported by `status`.
    public private(set) var splashMode: SplashMode
    /// The boot's status line (Plymouth's `update`: systemd's unit starting), reported by `status`.
    public private(set) var bootStatus: String?
    /// Settings from Plymouth's requests (message, progress): applied now
    /// when the HUD is up, and again under every later `show`, so they
    /// outlive hide-splash and reach a HUD shown after them.
    private var held = HUDSettings()
    /// Passphrases typed into prompts so far, oldest first (Plymouth's cached
    /// passwords, `c`): kept in memory only, never logged or reported.
    private(set) var typedPasswords: [String] = []
    /// `whenButtonPressed` callers: told true on a press, false when the HUD goes first.
    private var buttonWaiters: [@Sendable (_ pressed: Bool) -> Void] = []

    public init(stack: HUDStack, theme: DaemonTheme, splashMode: SplashMode = .boot) {
        self.stack = stack
        self.theme = theme
        self.splashMode = splashMode
    }

    /// Uses `theme` from the next `show` on; a visible HUD keeps its options.
    public func setTheme(_ theme: DaemonTheme) {
        self.theme = theme
    }

    /// Plymouth's `change-mode`.
    public func setSplashMode(_ mode: SplashMode) {
        splashMode = mode
    }

    /// Plymouth's `update`: kept and reported by `status` as `boot-status=`.
    public func setBootStatus(_ status: String) {
        bootStatus = status
    }

    /// Changes the HUD when it is up, and keeps `settings` for every later
    /// `show` (Plymouth's message and progress, which do not show the splash).
    public func hold(_ settings: HUDSettings) {
        held = Self.overlay(settings, on: held)
        if isUp { change(settings) }
    }

    /// The label the HUD shows (or will show when shown), for Plymouth's `hide-message`.
    public var labelText: String {
        held.label ?? currentState().configuration?.label.text ?? theme.base.label.text
    }

    /// Answers a HUD request: show, update, progress, message, hide, status,
    /// ping. Others (hello, quit, reload) are the server's and get `.failed`.
    public func handle(_ request: Request) -> Response {
        switch request {
        case .ping:
            return .ok
        case .show(let settings):
            if let refusal = Self.checkImage(settings) { return refusal }
            show(settings)
            return .ok
        case .update(let settings):
            guard isUp else { return .error(code: .notShown, reason: "no HUD is shown; use 'show' first") }
            if let refusal = Self.checkImage(settings) { return refusal }
            change(settings)
            return .ok
        case .progress(let percent):
            let settings = HUDSettings(progressPercent: percent)
            if isUp { change(settings) } else { show(settings) }
            return .ok
        case .message(let text):
            let settings = HUDSettings(label: text)
            if isUp { change(settings) } else { show(settings) }
            return .ok
        case .hide(let after, let animated):
            guard let hud else { return .ok }
            if let after {
                stack.assumeIsolated { $0.hide(hud, animated: animated, afterDelay: .hudSeconds(after)) }
            } else {
                stack.assumeIsolated { $0.hide(hud, animated: animated) }
            }
            return .ok
        case .status:
            return .ok(status())
        case .pressButton:
            guard let hud, stack.assumeIsolated({ $0.pressButton(of: hud) }) else { return Self.noButton }
            return .ok
        case .hello, .quit, .reload, .newroot, .wait, .waitButton, .ask, .type:
            return .error(code: .failed, reason: "'\(request.verb)' is handled by the server")
        }
    }

    static let noButton = Response.error(code: .notShown, reason: "no HUD with a button is shown; use 'show button=TITLE' first")

    /// `wait-button`: runs `handler` once, with true when the shown HUD's
    /// button is pressed (touch, click, Enter, `press-button`), with false
    /// when the HUD is hidden first.
    /// - Returns: nil when waiting; the refusal when no HUD with a button is shown.
    public func whenButtonPressed(_ handler: @escaping @Sendable (_ pressed: Bool) -> Void) -> Response? {
        guard let hud, stack.assumeIsolated({ $0.isButtonPressable(hud) }) else { return Self.noButton }
        if buttonWaiters.isEmpty {
            stack.assumeIsolated { $0.whenHidden(hud) { [weak self] in self?.assumeIsolated { $0.endButtonWaits(pressed: false) } } }
        }
        buttonWaiters.append(handler)
        return nil
    }

    /// Times the button was pressed (touch, click, Enter, `press-button`), for `status`:
    /// a test can tell that a tap beside the button did nothing by the count, not by waiting.
    public private(set) var buttonPresses = 0

    private func buttonPressed() {
        buttonPresses += 1
        endButtonWaits(pressed: true)
    }

    /// The HUD's button action: answers every `whenButtonPressed` caller.
    private func endButtonWaits(pressed: Bool) {
        let waiters = buttonWaiters
        buttonWaiters = []
        for w in waiters { w(pressed) }
    }

    /// The boot-progress estimate (`BootProgress`): moves the progress of a
    /// HUD that shows progress (the theme's or a client's bar, ring or pie)
    /// and leaves a spinner or text HUD as it is, as a Plymouth theme
    /// without a progress bar ignores the estimate. Not held for a later show.
    public func setEstimatedProgress(_ fraction: Double) {
        guard showsProgress, let hud else { return }
        stack.assumeIsolated { $0.update(hud) { $0.progress = fraction } }
    }

    /// Whether the HUD is up with a progress indicator (bar, ring, pie).
    public var showsProgress: Bool {
        isUp && currentState().configuration?.mode.showsProgress == true
    }

    /// Asks `kind` in the HUD's bezel, showing the HUD when it is not up
    /// (Plymouth's `*` and `W`, our `ask`). A password typed is kept for
    /// `typedPasswords`.
    /// - Parameter answer: called once, on the loop.
    /// - Returns: the prompt's ticket, to withdraw it.
    public func ask(_ kind: HUDPromptKind, _ message: String,
                    answer: @escaping @Sendable (HUDPromptAnswer) -> Void) -> HUDPromptTicket? {
        if !isUp { show(HUDSettings()) }
        let hud = ensureHUD()
        return stack.assumeIsolated { stack in
            stack.ask(kind, message, on: hud) { [weak self] result in
                if kind == .password, case .text(let typed) = result {
                    self?.assumeIsolated { $0.remember(password: typed) }
                }
                answer(result)
            }
        }
    }

    /// At most `maxTypedPasswords` are kept, the oldest dropped.
    private func remember(password: String) {
        typedPasswords.append(password)
        if typedPasswords.count > Self.maxTypedPasswords { typedPasswords.removeFirst() }
    }

    static let maxTypedPasswords = 16

    /// psplash's `PROGRESS n` and `MSG text` (QUIT is the server's).
    public func handle(_ command: PsplashCommand) {
        switch command {
        case .progress(let n): _ = handle(.progress(percent: Double(n)))
        case .message(let text): _ = handle(Request.message(text))
        case .quit: break
        }
    }

    /// The `status` answer: phase, mode, progress, labels, theme.
    /// A custom image that cannot be shown is refused with the reason (missing,
    /// a FIFO, too large, not a PNG) rather than answered `ok` and logged.
    /// The renderer reads it again when it draws (and again if it changes).
    static func checkImage(_ settings: HUDSettings) -> Response? {
        guard let path = settings.imagePath else { return nil }
        do {
            _ = try PNGSource.read(path)
            return nil
        } catch {
            return .error(code: .failed, reason: "\(error)")
        }
    }

    public func status() -> [Field] {
        let (config, lifecycle) = currentState()
        let phase: String
        switch lifecycle?.phase ?? .hidden {
        case .hidden: phase = "hidden"
        case .grace: phase = "grace"
        case .shown: phase = lifecycle?.isFinished == true ? "hide-pending" : "shown"
        case .hiding: phase = "hiding"
        }
        var fields = [Field("shown", isUp ? "true" : "false"), Field("phase", phase)]
        if let config {
            fields.append(Field("mode", WireMode(config.mode).rawValue))
            fields.append(Field("progress", Self.percentText(config.progress)))
            fields.append(Field("label", config.label.text))
            fields.append(Field("details", config.detailsLabel.text))
            fields.append(Field("button", config.buttonTitle))
        }
        fields.append(Field("theme", theme.name))
        fields.append(Field("splash-mode", splashMode.rawValue))
        if let bootStatus { fields.append(Field("boot-status", bootStatus)) }
        // What is asked, never what is typed.
        if let prompt = stack.assumeIsolated({ $0.activePrompt }) {
            fields.append(Field("prompt", prompt.kind.rawValue))
            fields.append(Field("prompt-message", prompt.message))
        }
        fields.append(Field("prompts", String(stack.assumeIsolated { $0.promptCount })))
        fields.append(Field("button-presses", String(buttonPresses)))
        return fields
    }

    /// Whether the HUD is on screen or about to be (grace), not hiding or hidden.
    public var isUp: Bool {
        guard let lifecycle = currentState().lifecycle else { return false }
        return lifecycle.phase == .grace || lifecycle.phase == .shown
    }

    private func currentState() -> (configuration: HUDConfiguration?, lifecycle: HUDLifecycle?) {
        guard let hud else { return (nil, nil) }
        return stack.assumeIsolated { ($0.configuration(of: hud), $0.lifecycle(of: hud)) }
    }

    private func ensureHUD() -> HUD {
        if let hud { return hud }
        let base = theme.base
        let made = stack.assumeIsolated { $0.makeHUD(base) }
        hud = made
        stack.assumeIsolated { stack in
            stack.setButtonAction({ [weak self] _ in self?.assumeIsolated { $0.buttonPressed() } }, for: made)
        }
        return made
    }

    private func show(_ settings: HUDSettings) {
        let hud = ensureHUD()
        let fresh = currentState().lifecycle?.phase == .hidden
        var config = fresh ? theme.base : (currentState().configuration ?? theme.base)
        Self.overlay(settings, on: fresh ? held : HUDSettings()).apply(to: &config, progressMode: theme.progressMode)
        let final = config
        let animated = settings.animated ?? true
        stack.assumeIsolated { stack in
            stack.update(hud) { $0 = final }
            stack.show(hud, animated: animated)
        }
    }

    private func change(_ settings: HUDSettings) {
        guard let hud else { return }
        let progressMode = theme.progressMode
        stack.assumeIsolated { stack in
            stack.update(hud) { settings.apply(to: &$0, progressMode: progressMode) }
        }
    }

    /// `top`'s options, and `base`'s where `top` leaves one unset.
    static func overlay(_ top: HUDSettings, on base: HUDSettings) -> HUDSettings {
        HUDSettings(mode: top.mode ?? base.mode, imagePath: top.imagePath ?? base.imagePath, label: top.label ?? base.label,
                    details: top.details ?? base.details, progressPercent: top.progressPercent ?? base.progressPercent,
                    graceSeconds: top.graceSeconds ?? base.graceSeconds, minShowSeconds: top.minShowSeconds ?? base.minShowSeconds,
                    animation: top.animation ?? base.animation, animated: top.animated ?? base.animated,
                    button: top.button ?? base.button)
    }

    static func percentText(_ fraction: Double) -> String {
        let p = (fraction * 1000).rounded() / 10
        return p == p.rounded() ? String(Int(p)) : String(p)
    }
}
