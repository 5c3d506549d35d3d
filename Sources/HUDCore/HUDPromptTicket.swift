/// Names one prompt asked with `HUDStack.ask`, to withdraw it.
public struct HUDPromptTicket: Hashable, Sendable {
    let id: Int
}
