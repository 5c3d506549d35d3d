/// Prompts in the bezel (Plymouth's password and question prompts): asked
/// on a HUD, typed into with `type(_:)` by an input source, answered once
/// to the asker. Only the topmost shown HUD with a prompt takes keys; its
/// first prompt is drawn and answered first, the others wait their turn.
extension HUDStack {
    /// Asks `kind` in `hud`'s bezel. The HUD is not shown by this: a prompt
    /// is drawn, and takes keys, while its HUD is shown.
    /// - Parameter answer: called once, on the loop, with the answer (or
    ///   `.withdrawn` when the HUD goes first, or `withdrawPrompt` is called).
    /// - Returns: the prompt's ticket; nil when `hud` is not on the stack (`answer` is not called then).
    @discardableResult
    public func ask(_ kind: HUDPromptKind, _ message: String, on hud: HUD,
                    answer: @escaping @Sendable (HUDPromptAnswer) -> Void) -> HUDPromptTicket? {
        guard let e = entry(hud) else { return nil }
        let ticket = HUDPromptTicket(id: nextPromptID)
        nextPromptID += 1
        e.prompts.append(PendingPrompt(ticket: ticket, kind: kind, message: message, answer: answer))
        if e.prompts.count == 1 { invalidate() }
        return ticket
    }

    /// Takes a prompt away unanswered; its asker is told `.withdrawn`. Nothing when it was answered already.
    public func withdrawPrompt(_ ticket: HUDPromptTicket) {
        for e in entries {
            guard let i = e.prompts.firstIndex(where: { $0.ticket == ticket }) else { continue }
            let prompt = e.prompts.remove(at: i)
            if i == 0 { invalidate() }
            prompt.answer(.withdrawn)
            return
        }
    }

    /// Withdraws every prompt (keys can no longer be read).
    public func withdrawAllPrompts() {
        for e in entries where !e.prompts.isEmpty {
            e.withdrawPrompts()
            invalidate()
        }
    }

    /// The prompt keys go to now: the first prompt of the topmost shown HUD that has one.
    public var activePrompt: HUDPrompt? { promptEntry?.prompts.first?.shown }

    /// Prompts waiting on every HUD, the active one included.
    public var promptCount: Int { entries.reduce(0) { $0 + $1.prompts.count } }

    /// Sees typed text (not Enter, Backspace, Escape or Ctrl-C) before any
    /// prompt; when it returns true the text is taken (Plymouth's keystroke
    /// watches come before its prompts). nil removes it. Not a need for
    /// input by itself (`needsInput`): a display with input on-demand reads
    /// keys for it once asked to (`HUDScreen.startInput()`) or once a prompt
    /// or button needs them.
    public func setKeystrokeObserver(_ observer: (@Sendable (isolated HUDStack, String) -> Bool)?) {
        keystrokeObserver = observer
    }

    /// One key from an input source.
    /// - Returns: whether it was taken (by the keystroke observer or a
    ///   prompt); a key not taken may go elsewhere (Enter to the button).
    @discardableResult
    public func type(_ key: HUDPromptKey) -> Bool {
        if case .text(let text) = key, let observer = keystrokeObserver, observer(self, text) { return true }
        guard let e = promptEntry else { return false }
        switch key {
        case .text(let text):
            e.prompts[0].typed += text
        case .backspace:
            guard !e.prompts[0].typed.isEmpty else { return true }
            e.prompts[0].typed.removeLast()
        case .escape:
            guard !e.prompts[0].typed.isEmpty else { return true }
            e.prompts[0].typed = ""
        case .enter:
            let prompt = e.prompts.removeFirst()
            invalidate()
            prompt.answer(.text(prompt.typed))
            return true
        case .interrupt:
            let prompt = e.prompts.removeFirst()
            invalidate()
            prompt.answer(.interrupted)
            return true
        }
        invalidate()
        return true
    }

    private var promptEntry: HUDEntry? {
        entries.last { !$0.prompts.isEmpty && $0.lifecycle.phase == .shown }
    }
}
