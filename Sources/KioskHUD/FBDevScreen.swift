import Glibc
import HUDCore
import HUDFrames
import HUDKMS

/// A `HUDScreen` on an fbdev framebuffer, for boards with no usable KMS card
/// (or while the GPU driver has not loaded yet). Same renderer and damage
/// tracking as KMS (`RendererPainter`) and the same `FrameLoop`, over an
/// `FBDevScanout` (one off-screen buffer, damage copied to the screen); VT
/// switches yield the screen.
final class FBDevScreen: @unchecked Sendable {
    let device: String
    private let log: @Sendable (String) -> Void
    private var framebuffer: FBDevice?
    private(set) var painter: RendererPainter?
    private(set) var frames: FrameLoop?
    private var vt: VTSwitcher?
    private var stack: HUDStack?
    /// Between `deactivate` and `reactivate`.
    private(set) var deactivated = false

    /// After every frame put on screen.
    var onFramePresented: (() -> Void)?
    /// After each frame resolved, presented or not.
    var onFrameShown: (() -> Void)?
    private let fpsCap: Double?
    /// The report as it was at `stop`.
    private var stoppedReport: ScreenHeadReport?
    var report: ScreenHeadReport? {
        guard let frames, let painter, let framebuffer else { return stoppedReport }
        return ScreenHeadReport(name: device, device: device,
                                mode: "\(framebuffer.width)x\(framebuffer.height) \(framebuffer.layout.bitsPerPixel) bpp",
                                uprightSize: (framebuffer.width, framebuffer.height),
                                api: "fbdev", legacyReason: nil, hasVBlank: false, frameInterval: frames.frameInterval,
                                statistics: frames.statistics, layout: painter.lastLayoutRects,
                                lastFrameWithoutCairo: painter.lastFrameWithoutCairo,
                                drawsWithoutGraphicsLibraries: painter.drawsWithoutGraphicsLibraries,
                                composition: painter.drawsWithoutHUDs ? "composed" : nil,
                                compositionReason: painter.drawsWithoutHUDs ? "fbdev has no planes" : nil)
    }
    var framesDrawn: Int { frames?.statistics.framesPresented ?? 0 }
    var isSettled: Bool {
        guard let frames, let stack else { return true }
        guard let generation = stack.assumeIsolated({ $0.restingGeneration() }) else { return false }
        return frames.hasSettled(generation: generation)
    }
    var summary: String {
        guard let framebuffer else { return "fbdev \(device) (not started)" }
        return "fbdev \(device) \(framebuffer.width)x\(framebuffer.height) \(framebuffer.layout.bitsPerPixel) bpp"
    }

    init(device: String = "/dev/fb0", fpsCap: Double? = nil, log: @escaping @Sendable (String) -> Void) {
        self.device = device
        self.fpsCap = fpsCap
        self.log = log
    }

    /// - Throws: `HUDScreenError` when the framebuffer cannot be used.
    func start(stack: HUDStack, look: ScreenLook, content: ContentLayer? = nil) throws(HUDScreenError) {
        self.stack = stack
        do {
            let framebuffer = try FBDevice(path: device)
            self.framebuffer = framebuffer
            let scanout = FBDevScanout(device: framebuffer)
            let picture = try content?.picture(width: framebuffer.width, height: framebuffer.height)
            let painter = try RendererPainter(scanout: scanout, loop: stack.loop, style: look.style, backdrop: look.backdrop,
                                              content: picture)
            let log = self.log
            painter.onProblem = { log("render: \($0)") }
            self.painter = painter
            let frames = FrameLoop(scanout: scanout, painter: painter, loop: stack.loop, fpsCap: fpsCap) { time in
                stack.assumeIsolated { $0.snapshot(at: time) }
            }
            self.frames = frames
            frames.onError = { log("display: \($0)") }
            frames.onFramePresented = { [weak self] _ in self?.onFramePresented?() }
            frames.onFrameShown = { [weak self] _ in self?.onFrameShown?() }
            stack.assumeIsolated { $0.setInvalidationHandler { frames.invalidate() } }
            takeVTSwitching()
            try frames.start()
            log("display: \(summary)")
        } catch {
            throw HUDScreenError("\(error)")
        }
    }

    func apply(look: ScreenLook) {
        painter?.apply(style: look.style, backdrop: look.backdrop)
    }

    /// The VT switch signals (`HUDScreen` reads them).
    func handle(signal: Signal) {
        if signal == .user1 { vt?.release() }
        if signal == .user2 { vt?.acquire() }
    }

    /// Switches VTs through this screen (`VT_PROCESS`): drawing pauses while the VT is away.
    private func takeVTSwitching() {
        guard let frames else { return }
        let log = self.log
        vt = VTSwitcher(releaseSignal: .user1, acquireSignal: .user2,
                        onRelease: { frames.pause(); log("vt released") },
                        onAcquire: { frames.resume(); log("vt acquired") })
    }

    /// Lets go of the screen for a program that takes it over (Plymouth's
    /// `deactivate`): drawing pauses as on a VT switch away, the picture and
    /// the console mode stay as they are, and VT switching goes back to the kernel.
    func deactivate() {
        guard !deactivated else { return }
        deactivated = true
        frames?.pause()
        vt?.restore()
        vt = nil
    }

    /// Takes the screen back after `deactivate` and repaints it, as on a VT switch back.
    func reactivate() {
        guard deactivated else { return }
        deactivated = false
        takeVTSwitching()
        frames?.resume()
    }

    /// Another output (KMS) took over the screen and the VT: stop drawing and
    /// let the console redraw the (now hidden) framebuffer, so it is right
    /// when KMS gives the screen back; the VT mode stays with the new owner.
    func stopForHandover() {
        frames?.stop(retainingPicture: false)
        frames = nil
        vt = nil
    }

    func stop(retainPicture: Bool) {
        // Deactivated, the screen is another program's: the console is not given back over it.
        frames?.stop(retainingPicture: retainPicture || deactivated)
        stoppedReport = report
        vt?.restore()
        vt = nil
        frames = nil
    }
}
