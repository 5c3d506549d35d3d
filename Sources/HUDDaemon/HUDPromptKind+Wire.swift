import HUDCore
import HUDProtocol

extension HUDPromptKind {
    /// The kind `ask kind=` names.
    init(_ wire: WirePromptKind) {
        switch wire {
        case .password: self = .password
        case .question: self = .question
        }
    }
}

extension HUDPromptKey {
    /// The key `type key=` names.
    init(_ wire: WireKey) {
        switch wire {
        case .enter: self = .enter
        case .backspace: self = .backspace
        case .escape: self = .escape
        case .interrupt: self = .interrupt
        }
    }
}
