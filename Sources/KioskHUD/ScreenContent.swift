import HUDRender

/// The app's own picture under the HUDs, as MBProgressHUD goes over its
/// host view (`HUDScreen.Options.content`). The picture is upright, in the
/// first output's pixels (`HUDScreen.contentSize`); `draw` paints all of it
/// once, on the loop, before the first frame; `HUDScreen.updateContent`
/// changes it later. KioskHUD turns it with the HUDs for the panel and
/// scales it for outputs of another size. Where the display has an overlay
/// plane the HUD goes on that plane and the picture on the primary one.
public struct ScreenContent: Sendable {
    /// Paints the first picture; every pixel is the app's to set (black otherwise).
    public var draw: @Sendable (inout ContentCanvas) -> Void

    public init(draw: @escaping @Sendable (inout ContentCanvas) -> Void) {
        self.draw = draw
    }
}
