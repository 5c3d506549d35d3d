import HUDCore

/// Where a `FrameLoop`'s frames go: buffers to draw into and a way to put
/// one on screen. Four kinds: KMS atomic, KMS legacy, fbdev, memory.
///
/// The loop calls it only on its `EventLoop`'s thread, in this order:
/// `start`, then `present` (one at a time: never while a `.pending`
/// presentation has not completed), `release`, `suspend`/`resume`, `stop`.
public protocol Scanout: AnyObject {
    /// The buffers frames are drawn into; `present` takes an index into them.
    var buffers: [PixelBuffer] { get }
    /// Frames per second the screen shows; nil when it does not say (fbdev, memory).
    var refreshRate: Double? { get }
    /// The buffer on screen; nil before the first frame and after `release`.
    var front: Int? { get }
    /// Gets ready to present (fbdev: the console to `KD_GRAPHICS`).
    /// `onPresented` is called on the loop when a `.pending` presentation reached the screen.
    func start(onPresented: @escaping () -> Void) throws(SystemError)
    /// Puts `buffers[index]` on screen; `damage` is what changed in it since it was last presented.
    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation
    /// Nothing is visible: gives the screen back to what showed before (KMS:
    /// the console's CRTC). Returns false when this scanout keeps showing
    /// frames instead (fbdev and memory draw the empty picture).
    func release() throws(SystemError) -> Bool
    /// The screen is not ours for a while (the VT was switched away).
    func suspend()
    /// Ours again: the next `present` sets the screen up from scratch.
    func resume()
    /// Whether a completion wakes the loop (true), or waits unread until `collectCompletions`.
    func setWakesOnCompletion(_ wakes: Bool)
    /// Reads completions that have arrived, without blocking.
    func collectCompletions()
    /// Blocks up to `timeout` for a `.pending` presentation to complete.
    func waitForCompletion(timeout: Duration)
    /// Stops presenting. Unless `retainingPicture`, gives the screen back.
    func stop(retainingPicture: Bool) throws(SystemError)

    /// The buffers of a plane under the HUD's that holds the app's picture
    /// (the HUD on an overlay plane); empty when one plane shows both.
    var contentBuffers: [PixelBuffer] { get }
    /// The content buffer on screen; nil before the first frame.
    var contentFront: Int? { get }
    /// Puts `buffers[hud]` and `contentBuffers[content]` on screen together
    /// (one atomic commit); a nil index leaves that plane as it is.
    func present(hud: Int?, damage: PixelRect, content: Int?, contentDamage: PixelRect) throws(SystemError) -> ScanoutPresentation
}

extension Scanout {
    public var contentBuffers: [PixelBuffer] { [] }
    public var contentFront: Int? { nil }
    public func present(hud: Int?, damage: PixelRect, content: Int?, contentDamage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        try present(hud ?? front ?? 0, damage: damage)
    }
}
