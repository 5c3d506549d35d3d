/// A prompt waiting in a HUD's entry for its answer; only the stack's actor touches it.
struct PendingPrompt {
    let ticket: HUDPromptTicket
    let kind: HUDPromptKind
    let message: String
    /// What was typed so far.
    var typed = ""
    let answer: @Sendable (HUDPromptAnswer) -> Void

    /// What the bezel shows for it.
    var shown: HUDPrompt {
        let entry = kind == .password ? String(repeating: HUDPrompt.bullet, count: typed.count) : typed
        return HUDPrompt(kind: kind, message: message, entry: entry + String(HUDPrompt.caret))
    }
}
