import Synchronization

/// Whether the HUDs changed since the app last drew them: set by the stack's
/// invalidation handler and frame timer, cleared by `kh_stack_draw`.
final class FrameRequest: Sendable {
    private let pending = Atomic<Bool>(true)

    func request() { pending.store(true, ordering: .relaxed) }

    /// Clears the request, answering whether there was one.
    func take() -> Bool { pending.exchange(false, ordering: .relaxed) }

    var isPending: Bool { pending.load(ordering: .relaxed) }
}
