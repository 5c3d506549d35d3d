/// When the HUDs need input: a display reads keyboards, touchscreens and
/// pointers only from then on, so a HUD that only shows progress loads no
/// input library and opens no input device (`HUDScreen` with `Options.input`).
extension HUDStack {
    /// Whether a HUD needs keys, taps or clicks now: a prompt is asked (on
    /// any HUD, shown or not yet), or a HUD that is shown or in its grace
    /// time has a button (Enter, a tap or a click presses it).
    public var needsInput: Bool {
        entries.contains { !$0.prompts.isEmpty || $0.hasButtonComing }
    }

    /// Runs `handler` once, on the loop, when `needsInput` is true: at once
    /// if it is now, else inside the change that makes it so (`ask`, a show,
    /// a grace time's end, a button added to a shown HUD), before the
    /// invalidation handler hears of that change — so an input started here
    /// has its devices open before any frame draws the prompt or the button,
    /// and no key typed once it is drawn is lost.
    ///
    /// A keystroke observer (`setKeystrokeObserver`) is not a need by itself:
    /// whoever registers one starts input when it has something to watch.
    public func whenInputNeeded(_ handler: @escaping @Sendable () -> Void) {
        inputNeededWaiters.append(handler)
        if needsInput { runInputNeededWaiters() }
    }

    func runInputNeededWaiters() {
        let waiters = inputNeededWaiters
        inputNeededWaiters = []
        for w in waiters { w() }
    }
}
