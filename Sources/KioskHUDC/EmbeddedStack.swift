#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDRender
import KioskHUD

/// What a `kh_stack *` points at: a `HUDStack` on an `EventLoop` without a
/// thread of its own (the app polls its fd and calls `dispatch`), the thread
/// that made it, its HUDs' handles and the compositor of the app's frames.
/// Used on that thread only (every C call checks), hence `@unchecked Sendable`.
final class EmbeddedStack: @unchecked Sendable {
    let loop: EventLoop
    let stack: HUDStack
    let thread: pthread_t
    /// The handles of HUDs in this stack, freed with it.
    var huds: [OpaquePointer] = []
    /// The `kh_screen` showing this stack, if one is open.
    var screen: OpaquePointer?
    /// The `kh_layer` drawing this stack's HUDs for the app to composite, if one was made.
    var layer: OpaquePointer?
    /// The `kh_plane` putting this stack's HUDs on an overlay plane in the app's commits, if one was made.
    var plane: OpaquePointer?
    /// The last buffer drawn (`kh_stack_draw`'s or the layer's): pointer positions are its pixels.
    private var pointerGeometry: ScreenGeometry?
    var theme = HUDTheme()
    var style = HUDRenderStyle()
    private var compositor: FrameCompositor?
    let frameRequest = FrameRequest()
    /// Requests a frame when the HUDs' picture next changes by itself (a spinner step).
    private var frameTimer: ScheduledTimer?

    init(manualClock: Bool) throws(SystemError) {
        loop = try EventLoop(clock: manualClock ? ManualClock() : SystemClock.shared, ownThread: false)
        stack = HUDStack(loop: loop)
        thread = pthread_self()
        let request = frameRequest
        stack.assumeIsolated { $0.setInvalidationHandler { request.request() } }
    }

    deinit {
        frameTimer?.cancel()
    }

    var isManualClock: Bool { loop.clock is ManualClock }

    /// Throws unless called on the stack's thread.
    func checkThread(_ function: String) throws(CAPIError) {
        guard pthread_equal(thread, pthread_self()) != 0 else {
            throw CAPIError(.wrongThread, "\(function): called from a thread other than the one that made the stack")
        }
    }

    /// Frames come at most this often (60 Hz), whatever asks for them (an
    /// animation, a progress set at every turn of the app's loop): an app
    /// without vsync pacing (a toolkit redrawing on demand) does not spin.
    static let frameInterval = Duration.nanoseconds(16_666_667)
    /// When the app last drew the HUDs.
    private var lastDraw: HUDInstant?

    /// When the HUDs' picture next changes by itself, no sooner than a frame
    /// interval after the last draw; nil: not by itself.
    private func nextFrameTime(after next: HUDInstant?) -> HUDInstant? {
        guard let next else { return nil }
        guard let lastDraw else { return next }
        return max(next, lastDraw + Self.frameInterval)
    }

    /// Milliseconds until the HUDs need a frame: 0 now, -1 never by themselves.
    func nextFrameMilliseconds() -> Int32 {
        let change: HUDInstant? = frameRequest.isPending ? loop.now() : stack.assumeIsolated { $0.snapshot().nextChange }
        let next = nextFrameTime(after: change)
        guard let next else { return -1 }
        let ns = next.nanoseconds - loop.now().nanoseconds
        guard ns > 0 else { return 0 }
        return Int32(clamping: (ns + 999_999) / 1_000_000)
    }

    /// Draws the HUDs over the app's frame in `buffer` (`kh_stack_draw`).
    func draw(into buffer: PixelBuffer, scale: Double, rotation: ScreenRotation) throws(CAPIError) -> [PixelRect] {
        let geometry: ScreenGeometry
        do {
            geometry = try ScreenGeometry(pixelWidth: buffer.width, pixelHeight: buffer.height, scale: scale, rotation: rotation)
        } catch {
            throw CAPIError(.invalidArgument, "\(error)")
        }
        if compositor?.geometry != geometry {
            do {
                compositor = try FrameCompositor(geometry: geometry, style: style)
            } catch {
                throw CAPIError(.badBuffer, "\(error)")
            }
        }
        guard let compositor else { return [] }
        let snapshot = beginFrame()
        let rects: [PixelRect]
        do {
            rects = try compositor.draw(snapshot, into: buffer)
        } catch {
            throw CAPIError(.render, "\(error)")
        }
        endFrame(snapshot, buttons: compositor.buttonFrames, geometry: geometry)
        return rects
    }

    /// Draws the HUDs alone into `layer`'s buffer (`kh_layer_draw`).
    func draw(layer: HUDLayerBuffer) throws(CAPIError) -> LayerFrame {
        let snapshot = beginFrame()
        let frame: LayerFrame
        do {
            frame = try layer.draw(snapshot)
        } catch {
            throw CAPIError(.render, "\(error)")
        }
        endFrame(snapshot, buttons: frame.buttonFrames, geometry: layer.geometry)
        return frame
    }

    /// The HUDs' picture for a frame drawn now; the pending frame request is taken.
    private func beginFrame() -> HUDSnapshot {
        _ = frameRequest.take()
        let snapshot = stack.assumeIsolated { $0.snapshot() }
        lastDraw = snapshot.time
        return snapshot
    }

    /// After a frame: the drawn buttons to the stack, pointer positions in
    /// `geometry`'s pixels, a frame requested when the picture next changes by itself.
    private func endFrame(_ snapshot: HUDSnapshot, buttons: [Int: HUDRect], geometry: ScreenGeometry) {
        pointerGeometry = geometry
        stack.assumeIsolated { $0.setButtonFrames(buttons) }
        frameTimer?.cancel()
        frameTimer = nil
        if let next = nextFrameTime(after: snapshot.nextChange) {
            let request = frameRequest
            frameTimer = loop.schedule(at: next) { request.request() }
        }
    }

    /// The screen closed: frames are the app's again (`kh_stack_draw`).
    func screenClosed() {
        screen = nil
        let request = frameRequest
        stack.assumeIsolated { $0.setInvalidationHandler { request.request() } }
        request.request()
    }

    /// A pixel of the last drawn buffer as a point; nil before the first draw.
    func hudPoint(x: Double, y: Double) -> HUDPoint? { pointerGeometry?.hudPoint(deviceX: x, deviceY: y) }

    /// A new theme: the renderer's style now, each HUD's options by the caller.
    func apply(_ theme: HUDTheme) {
        self.theme = theme
        theme.apply(to: &style)
        compositor?.setStyle(style)
        if let layer, let drawing = try? HandleRegistry.object(layer, .layer, as: EmbeddedLayer.self) {
            drawing.buffer.setStyle(style)
        }
        if let plane, let drawing = try? HandleRegistry.object(plane, .plane, as: EmbeddedPlane.self) {
            drawing.layer.setStyle(style)
        }
        frameRequest.request()
    }
}
