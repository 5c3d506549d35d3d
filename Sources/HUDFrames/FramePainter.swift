import HUDCore

/// What draws HUD snapshots into the buffers a `Scanout` hands out.
///
/// It keeps per-buffer damage bookkeeping: `paint` repaints only what changed
/// in buffer `index` since that buffer was last painted (all of it the first
/// time, and after `invalidateAll`).
public protocol FramePainter: AnyObject {
    /// Draws `snapshot` into `buffer`, the scanout's buffer `index`; returns
    /// the repainted region. `front` is the buffer on screen: with the HUD on
    /// a plane of its own, nothing is painted while it shows all of the HUD.
    func paint(_ snapshot: HUDSnapshot, into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect
    /// Told after each frame reached the screen. A painter may leave slow
    /// parts (text) out of the first frame and ask for them from here.
    func framePresented()
    /// Forgets what the buffers hold (after a modeset or a VT switch).
    func invalidateAll()
    /// Whether the last painted frame had everything (labels included).
    var lastFrameComplete: Bool { get }
    /// Called (from any thread) when the painter can draw more than it did,
    /// e.g. labels whose text finished rendering. Set by `FrameLoop.start`.
    var onNeedsFrame: (@Sendable () -> Void)? { get set }
    /// For a scanout with a plane of its own for the app's picture
    /// (`Scanout.contentBuffers`): paints what that plane's buffer `index`
    /// lacks of the picture and returns the repainted region — empty, and
    /// nothing painted, while buffer `front` (on screen) already shows all of it.
    func paintContent(into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect
    /// Whether there is a picture to show with no HUD visible (the app's):
    /// then the screen is never given back for want of HUDs.
    var drawsWithoutHUDs: Bool { get }
}

extension FramePainter {
    public func paintContent(into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect { .empty }
    public var drawsWithoutHUDs: Bool { false }
}
