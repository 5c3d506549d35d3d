import KioskHUD

/// What a `kh_screen *` points at: a `HUDScreen` showing its stack on the
/// display, on the stack's loop (so its fds — the card, flips, hotplug, VT
/// switches — are in the stack's fd). Used on the stack's thread only
/// (every C call checks), hence `@unchecked Sendable`.
final class EmbeddedScreen: @unchecked Sendable {
    unowned let owner: EmbeddedStack
    let screen: HUDScreen

    init(owner: EmbeddedStack, screen: HUDScreen) {
        self.owner = owner
        self.screen = screen
    }
}
