import HUDCore

/// What draws HUD snapshots into the output's scan-out buffers.
///
/// It keeps per-buffer damage bookkeeping: `paint` repaints only what changed
/// in `buffer` since that buffer was last painted (all of it the first time).
public protocol FramePainter: AnyObject {
    /// Draws `snapshot` into `buffers[index]`; returns the repainted region.
    func paint(_ snapshot: HUDSnapshot, buffer index: Int) -> ScanoutRect
    /// Forgets what the buffers hold (after a modeset or a VT switch).
    func invalidateAll()
    /// Called (from any thread) when the painter can draw more than it did,
    /// e.g. labels whose text finished rendering. Set before the first paint.
    var onNeedsFrame: (@Sendable () -> Void)? { get set }
}
