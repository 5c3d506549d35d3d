import HUDCore
import HUDRender

/// What one `HUDLayerBuffer.draw` did: where the HUDs are, what changed in
/// the buffer since the previous draw, and what a compositor needs besides
/// the pixels.
public struct LayerFrame: Sendable {
    /// The bounding box of every pixel the HUDs may cover (the whole buffer
    /// while a HUD dims the screen); nil when the layer is all transparent.
    public var extent: PixelRect?
    /// Where the buffer changed since the previous draw (everything the first
    /// time): what to upload again. At most `DamageRegion.limit` rectangles.
    public var changed: [PixelRect]
    /// The bezels drawn, bottom HUD first (for a compositor that blurs under them).
    public var bezels: [BezelShape]
    /// Each drawn button in points, by HUD id: for `HUDStack.setButtonFrames`.
    public var buttonFrames: [Int: HUDRect]
    /// What the renderer could not do (a missing image, no fonts); never fatal.
    public var problems: [String]
    /// When the picture next changes by itself (a spinner step); nil: not by itself.
    public var nextChange: HUDInstant?
}
