import HUDCore
import HUDFrames

/// What one lit output of a `HUDScreen` is and has done: for `--stats`
/// lines, start-up measurements and tests. Taken on the loop (`HUDScreen.heads`).
public struct ScreenHeadReport: Sendable {
    /// The connector (`Virtual-1`), or the framebuffer device for fbdev.
    public var name: String
    /// The card or framebuffer device (`/dev/dri/card0`, `/dev/fb0`).
    public var device: String
    /// The mode, e.g. `1280x800@75` (fbdev: `1280x800 32 bpp`).
    public var mode: String
    /// The picture's size in pixels, upright (the panel's turn undone).
    public var uprightSize: (width: Int, height: Int)
    /// `atomic`, `legacy` or `fbdev`.
    public var api: String
    /// Why not atomic, on a KMS head that is not.
    public var legacyReason: String?
    /// Whether the driver has real vblank events.
    public var hasVBlank: Bool
    /// The least time between frames (refresh rate or cap).
    public var frameInterval: Duration
    public var statistics: FrameStatistics
    /// Where the topmost HUD's bezel, indicator and label were in the last frame, in pixels.
    public var layout: (bezel: PixelRect, indicator: PixelRect, label: PixelRect)?
    /// The last frame was drawn by the Swift painter alone, Cairo not loaded.
    public var lastFrameWithoutCairo: Bool
    /// The text libraries could not be loaded: no frame will have labels.
    public var drawsWithoutGraphicsLibraries: Bool
    /// How the HUD goes over the app's picture (`Options.content`):
    /// `overlay plane N` (the picture on the primary plane) or `composed`
    /// (on the CPU, into one buffer); nil without an app picture.
    public var composition: String?
    /// Why the HUD is composed on the CPU where an overlay plane was allowed.
    public var compositionReason: String?
}
