import HUDSystem
/// A HUD's state inside its `HUDStack`; only the stack's actor touches it.
final class HUDEntry {
    let id: Int
    var configuration: HUDConfiguration
    var lifecycle = HUDLifecycle()
    var timers: [HUDTimer: ScheduledTimer] = [:]
    var progressSource: (any HUDProgressSource)?
    /// When the progress source last returned a new value.
    var sourceLastMoved: HUDInstant?
    var completion: (@Sendable () -> Void)?
    weak var delegate: (any HUDDelegate)?
    /// `HUD.waitUntilHidden` callers, resumed when it has gone or left the stack.
    var hiddenWaiters: [@Sendable () -> Void] = []
    /// Runs when the button is released inside it or activated by key.
    var buttonAction: (@Sendable (isolated HUDStack) -> Void)?
    /// A pointer went down on the button and has not been released.
    var buttonHeld = false
    /// While held: whether the pointer is inside the button (drawn highlighted).
    var buttonPointerInside = false
    /// Prompts asked in this HUD's bezel, first shown first (`HUDStack.ask`).
    var prompts: [PendingPrompt] = []

    init(id: Int, configuration: HUDConfiguration) {
        self.id = id
        self.configuration = configuration
    }

    func resumeHiddenWaiters() {
        let waiters = hiddenWaiters
        hiddenWaiters = []
        for w in waiters { w() }
    }

    /// Whether the button can be pressed: it has a title and the HUD is shown
    /// (not in its grace time, not animating out, not hidden).
    var isButtonPressable: Bool {
        !configuration.buttonTitle.isEmpty && lifecycle.phase == .shown
    }

    /// Whether a button is shown, or will be once the grace time is over:
    /// input must be read for it (`HUDStack.needsInput`).
    var hasButtonComing: Bool {
        !configuration.buttonTitle.isEmpty && (lifecycle.phase == .grace || lifecycle.phase == .shown)
    }

    /// The configuration drawn: a prompt takes the labels' place (its message
    /// in the label's, what was typed in the details') and hides the button.
    var shownConfiguration: HUDConfiguration {
        guard let prompt = prompts.first?.shown else { return configuration }
        var c = configuration
        c.label.text = prompt.message
        c.detailsLabel.text = prompt.entry
        c.buttonTitle = ""
        return c
    }

    /// Answers every prompt `.withdrawn` (the HUD has gone).
    func withdrawPrompts() {
        let waiting = prompts
        prompts = []
        for p in waiting { p.answer(.withdrawn) }
    }

    func cancelTimers() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }
}
