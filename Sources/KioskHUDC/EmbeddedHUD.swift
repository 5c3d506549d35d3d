import HUDCore

/// What a `kh_hud *` points at: one HUD of a stack. Used on its stack's
/// thread only (every C call checks), hence `@unchecked Sendable`.
final class EmbeddedHUD: @unchecked Sendable {
    unowned let owner: EmbeddedStack
    let hud: HUD

    init(owner: EmbeddedStack, hud: HUD) {
        self.owner = owner
        self.hud = hud
    }

    /// Runs `body` in the stack's isolation, on its thread.
    func withStack<T: Sendable>(_ body: @Sendable (isolated HUDStack) -> T) -> T {
        owner.stack.assumeIsolated { body($0) }
    }

    /// Changes this HUD's options.
    func update(_ body: @escaping @Sendable (inout HUDConfiguration) -> Void) {
        let hud = self.hud
        withStack { $0.update(hud, body) }
    }
}
