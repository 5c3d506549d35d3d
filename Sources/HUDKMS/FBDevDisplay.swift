#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HUDCore

/// Drives one `FBDevice` from an `EventLoop`: when the HUD changed it draws
/// the frame into the off-screen copy (the painter repaints only damage) and
/// copies the repainted rectangle to the screen. fbdev has no flip event and
/// no working vblank, so frames are paced by its own timer (`FramePacer`); a
/// static HUD costs nothing.
///
/// While it runs the active VT is in `KD_GRAPHICS`, so the text console does
/// not draw over the HUD; `stop` puts it back to `KD_TEXT` and lets the
/// console repaint. Use it only on the loop's thread.
public final class FBDevDisplay: @unchecked Sendable {
    public let device: FBDevice
    public let loop: EventLoop
    public private(set) var statistics = KMSDisplay.Statistics()
    /// Called after each frame reached the screen.
    public var onFramePresented: (@Sendable (KMSDisplay.Statistics) -> Void)?

    private let painter: FramePainter
    private let snapshot: @Sendable (HUDInstant) -> HUDSnapshot
    private var pacer: FramePacer
    private var timer: ScheduledTimer?
    private var timerDeadline: HUDInstant?
    private var paused = false
    private var stopped = false
    private let console: String

    /// - Parameters:
    ///   - painter: draws into `device.shadow` as its buffer 0.
    ///   - fps: frames per second at most (fbdev reports no refresh rate).
    ///   - console: the VT put in `KD_GRAPHICS` while drawing.
    public init(device: FBDevice, loop: EventLoop, painter: FramePainter, fps: Double = 60,
                console: String = "/dev/tty0", snapshot: @escaping @Sendable (HUDInstant) -> HUDSnapshot) {
        self.device = device
        self.loop = loop
        self.painter = painter
        self.snapshot = snapshot
        self.console = console
        pacer = FramePacer(refreshRate: fps)
    }

    /// Takes the console (`KDSETMODE KD_GRAPHICS`) and draws the first frame.
    public func start() {
        setConsoleMode(Int32(KD_GRAPHICS))
        painter.onNeedsFrame = { [loop] in loop.execute { [self] in self.invalidate() } }
        painter.invalidateAll()
        renderFrame()
    }

    private var presentedGeneration = -1

    /// Whether the screen shows every change up to `generation` (see `KMSDisplay.hasSettled`).
    public func hasSettled(generation: Int) -> Bool {
        !paused && presentedGeneration >= generation && painter.lastFrameComplete
    }

    /// The picture changed: draw a frame as soon as pacing allows.
    public func invalidate() {
        requestFrame(at: loop.now())
    }

    private func requestFrame(at time: HUDInstant) {
        guard !stopped, !paused else { return }
        let start = pacer.earliestStart(for: time)
        if let d = timerDeadline, d <= start { return }
        timer?.cancel()
        timerDeadline = start
        timer = loop.schedule(at: start) { [self] in
            timerDeadline = nil
            timer = nil
            renderFrame()
        }
    }

    private func renderFrame() {
        guard !stopped, !paused else { return }
        let now = loop.now()
        pacer.frameStarted(at: now)
        let snap = snapshot(now)
        let repainted = painter.paint(snap, buffer: 0)
        presentedGeneration = snap.generation  // drawn straight to the screen
        if !repainted.isEmpty {
            device.flush(repainted)
            statistics.pixelsPainted += repainted.area
            statistics.framesRendered += 1
            statistics.framesPresented += 1
            if statistics.firstFrameAt == nil { statistics.firstFrameAt = now }
            if painter.lastFrameComplete, statistics.firstCompleteFrameAt == nil { statistics.firstCompleteFrameAt = now }
            onFramePresented?(statistics)
            painter.framePresented()
        }
        if let next = snap.nextChange { requestFrame(at: max(next, now)) }
    }

    /// Stops drawing (the VT was switched away).
    public func pause() {
        paused = true
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    /// Draws again after `pause`: everything is repainted (the console drew over it).
    public func resume() {
        guard paused, !stopped else { return }
        paused = false
        painter.invalidateAll()
        invalidate()
    }

    /// Stops the frame loop. Unless `retainLastFrame`, gives the screen back
    /// to the text console (`KD_TEXT`, forced repaint).
    public func stop(retainLastFrame: Bool) {
        guard !stopped else { return }
        stopped = true
        timer?.cancel()
        timer = nil
        painter.onNeedsFrame = nil
        guard !retainLastFrame else { return }
        setConsoleMode(Int32(KD_TEXT))
        ConsoleHandoff.refreshTextConsole(framebufferDevice: device.path)
    }

    private func setConsoleMode(_ mode: Int32) {
        let tty = open(console, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return }
        _ = ioctl(tty, UInt(KDSETMODE), mode)
        close(tty)
    }
}
