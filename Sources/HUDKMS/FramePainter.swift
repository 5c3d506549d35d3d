import HUDCore

/// What draws HUD snapshots into the output's scan-out buffers.
///
/// It keeps per-buffer damage bookkeeping: `paint` repaints only what changed
/// in `buffer` since that buffer was last painted (all of it the first time).
public protocol FramePainter: AnyObject {
    /// Draws `snapshot` into `buffers[index]`; returns the repainted region.
    func paint(_ snapshot: HUDSnapshot, buffer index: Int) -> PixelRect
    /// Told after each frame reached the screen. A painter may leave slow
    /// parts (text) out of the first frame and ask for them from here.
    func framePresented()
    /// Forgets what the buffers hold (after a modeset or a VT switch).
    func invalidateAll()
    /// Whether the last painted frame had everything (labels included).
    var lastFrameComplete: Bool { get }
    /// Where the topmost HUD's bezel, indicator and label were in the last
    /// painted frame, in pixels (for `--stats` and screen checks).
    var lastLayoutRects: (bezel: PixelRect, indicator: PixelRect, label: PixelRect)? { get }
    /// Called (from any thread) when the painter can draw more than it did,
    /// e.g. labels whose text finished rendering. Set before the first paint.
    var onNeedsFrame: (@Sendable () -> Void)? { get set }
}
