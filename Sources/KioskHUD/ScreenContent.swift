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
    /// The picture's size in pixels, scaled to every output (an app that
    /// renders at 800×480 on any panel); nil: the first output's upright size.
    public var size: (width: Int, height: Int)?

    public init(size: (width: Int, height: Int)? = nil, draw: @escaping @Sendable (inout ContentCanvas) -> Void) {
        self.size = size
        self.draw = draw
    }

    /// The PNG file at `path` as the picture, at its own size (previews: `hud display --over`).
    /// - Throws: `RenderError` naming the file and what is wrong with it.
    public init(pngAt path: String) throws(RenderError) {
        let image = try PNGDecoder.decode(PNGSource.read(path), path: path)
        // Premultiplied ARGB is already "over black".
        self.init(size: (image.width, image.height)) { canvas in canvas.copy(image.pixels, width: image.width, to: (0, 0)) }
    }
}
