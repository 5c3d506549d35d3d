import Glibc
@_exported import HUDCore
import HUDInput
import HUDKMS
// `Options.mode` takes one.
@_exported import struct HUDKMS.ModeRequest
import HUDMotion
@_exported import HUDRender

/// The display a `HUDStack` is shown on, from one call: every connected
/// DRM/KMS output at its own mode, scale and panel orientation; an fbdev
/// framebuffer while no GPU driver has loaded (or instead of one); a card
/// that appears later is taken as soon as it does (inotify on the loop, no
/// polling); connectors plugged and unplugged; VT switches (SIGUSR1 and
/// SIGUSR2, read through its own signalfd); the accelerometer's parallax.
/// `close` gives the console back, or leaves the last picture for the next
/// program.
///
///     let loop = try EventLoop()
///     let stack = HUDStack(loop: loop)
///     let screen = try await HUDScreen.open(showing: stack)
///     let hud = await stack.showHUD(HUDConfiguration())
///     …
///     await screen.close()
///
/// Everything after `open` happens on the stack's loop (hence
/// `@unchecked Sendable`).
public final class HUDScreen: @unchecked Sendable {
    /// Which display to use.
    public enum Output: Hashable, Sendable {
        /// KMS when a card is usable; otherwise fbdev meanwhile, if there is a
        /// framebuffer, until a card appears.
        case automatic
        /// KMS only: the card at `device`, or the first usable one.
        case kms(device: String?)
        /// An fbdev framebuffer only.
        case fbdev(device: String)
    }

    public struct Options: Sendable {
        public var output: Output = .automatic
        /// KMS connector names to light (`HDMI-A-1`); nil: every connected one.
        public var connectors: Set<String>?
        public var look = ScreenLook()
        /// How long `open` waits for a display when there is none yet.
        public var cardWait: Duration = .seconds(8)
        /// A boot splash: with no display after `cardWait`, go on without one
        /// and take a card whenever it appears, instead of failing `open`.
        public var waitsForCardUntilClosed = false
        public var driDirectory = "/dev/dri"
        public var framebufferDevice = "/dev/fb0"
        /// A mode instead of each connector's preferred one (it must be one the connector lists).
        public var mode: ModeRequest?
        /// Legacy `drmModeSetCrtc` + `drmModePageFlip` even where atomic works.
        public var forceLegacy = false
        /// Frames per second at most; each output's refresh rate otherwise.
        public var fpsCap: Double?
        /// The app's own picture under the HUDs (MBProgressHUD's host view);
        /// nil: the theme's backdrop. Change it with `updateContent`.
        public var content: ScreenContent?
        /// With `content`, the HUD may go on a hardware overlay plane over
        /// the picture (where a display has one that passes a TEST_ONLY
        /// commit); false composes it on the CPU everywhere.
        public var allowsOverlayPlane = true
        /// For tests on a driver with a writeback connector (vkms): light
        /// that connector alone, so `captureFrame` can read composed frames back.
        public var writebackCapture = false
        /// Keyboards, touchscreens and mice answer the HUDs' prompts and press
        /// their buttons (Enter, a tap, a click); nil: no input is read. Read
        /// only once something needs it — a prompt, a shown button
        /// (`HUDStack.needsInput`) or `startInput()` — and an output is lit:
        /// until then no input library is loaded and no device is opened.
        public var input: InputOptions?
        /// Where the screen says what it did (outputs lit, first frames,
        /// problems); standard error by default.
        public var log: @Sendable (String) -> Void = { line in
            let text = "kioskhud: \(line)\n"
            _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }

        public init() {}
    }

    public let stack: HUDStack
    public let options: Options
    private var log: @Sendable (String) -> Void { options.log }
    private var loop: EventLoop { stack.loop }
    private var fbdev: FBDevScreen?
    private var kms: KMSScreen?
    private var watch: DirectoryWatch?
    private var waitReport: ScheduledTimer?
    private var retry: ScheduledTimer?
    /// A card node that is there but not usable is tried again after this,
    /// doubling up to 8 s (a GPU with no screen connected must not keep the loop busy).
    private var retryDelay: Duration = .milliseconds(250)
    private var reportedUnusable = false
    private var signals: SignalWatcher?
    private var motion: MotionFeed?
    /// With `Options.input`, from `start` on.
    private var input: OnDemandInput?
    /// The button last handed to the stack, so it is logged when it moves.
    private var buttonLogged: PixelRect?
    /// The button frames the stack was last given.
    private var buttonFramesSent: [Int: HUDRect] = [:]
    private var look: ScreenLook
    private let contentLayer: ContentLayer?
    private var started = false
    private var closed = false
    /// Between `deactivate` and `reactivate`: the display is another program's.
    private var deactivated = false
    /// `open` callers waiting for the first picture (nil) or the reason there is none.
    private var openWaiters: [@Sendable (HUDScreenError?) -> Void] = []
    private var settledWaiters: [@Sendable () -> Void] = []
    /// Why `open` fails, once known (kept for a `whenShowing` that comes later).
    private var failure: HUDScreenError?
    /// Why the card there is not usable, when it was not.
    private var unusable: HUDScreenError?

    /// Called on the loop after every frame any output put on screen.
    public var onFramePresented: (() -> Void)?
    /// Called on the loop when an output gave the screen back because no HUD was visible.
    public var onScreenReleased: (@Sendable () -> Void)?
    /// What each lit output is and has done (on the loop).
    public var heads: [ScreenHeadReport] { (kms ?? startingKMS)?.reports ?? fbdev?.report.map { [$0] } ?? [] }
    /// The KMS screen while its `start` runs (its first frame may be on screen before it returns).
    private var startingKMS: KMSScreen?

    /// Frames put on screen so far, on every output.
    public var framesDrawn: Int { (kms?.framesDrawn ?? 0) + (fbdev?.framesDrawn ?? 0) }
    /// The picture is on screen as the HUDs are now: no frame due or in
    /// flight, no fade running, labels drawn (or impossible without the text libraries).
    public var isSettled: Bool { kms?.isSettled ?? fbdev?.isSettled ?? true }
    /// What is lit, for a log line: `kms /dev/dri/card0 Virtual-1 1280x800@75 atomic`.
    public var summary: String {
        if let kms { return kms.summary }
        return (fbdev?.summary ?? "no display") + (watch != nil ? ", waiting for a DRM card in \(options.driDirectory)" : "")
    }
    /// Whether the screen holds its display: false between `deactivate()`
    /// and `reactivate()` (from the moment `deactivate` returns).
    public var holdsDisplay: Bool { !deactivated }
    /// Lit KMS connectors, in order.
    public var connectorNames: [String] { kms?.headNames ?? [] }

    /// Whether a DRM card node exists now in `directory`.
    public static func hasCard(in directory: String = "/dev/dri") -> Bool {
        KMSScreen.cardPresent(directory: directory)
    }

    /// Opens the display and shows `stack` on it, returning once the first
    /// picture is up (or, with `waitsForCardUntilClosed`, once it is waiting).
    /// Blocks the VT switch signals in the calling thread first: call it
    /// before starting threads of your own, or block SIGUSR1 and SIGUSR2 in them.
    /// - Throws: `HUDScreenError` naming what was tried when nothing can be shown.
    public static func open(showing stack: HUDStack, options: Options = Options()) async throws(HUDScreenError) -> HUDScreen {
        SignalWatcher.block([.user1, .user2])
        let screen = HUDScreen(stack: stack, options: options)
        let failure: HUDScreenError? = await withCheckedContinuation { continuation in
            stack.loop.execute {
                do throws(HUDScreenError) { try screen.start() } catch {
                    continuation.resume(returning: error)
                    return
                }
                screen.whenShowing { continuation.resume(returning: $0) }
            }
        }
        if let failure { throw failure }
        return screen
    }

    /// For code already on `stack.loop` (the daemon): `start()` there.
    /// `SIGUSR1` and `SIGUSR2` must be blocked in every thread.
    public init(stack: HUDStack, options: Options = Options()) {
        self.stack = stack
        self.options = options
        look = options.look
        contentLayer = options.content.map(ContentLayer.init)
    }

    /// Starts showing, on the loop. Does not wait for a card: see `whenShowing`.
    /// - Throws: `HUDScreenError` when the named framebuffer cannot be used.
    public func start() throws(HUDScreenError) {
        precondition(!started, "HUDScreen.start called twice")
        started = true
        startInputOnDemand()
        do {
            signals = try SignalWatcher(signals: [.user1, .user2], loop: loop) { [weak self] in self?.vtSignal($0) }
        } catch { log("no VT switching: \(error)") }
        switch options.output {
        case .fbdev(let device):
            let fb = FBDevScreen(device: device, fpsCap: options.fpsCap, log: log)
            fb.onFramePresented = { [weak self] in self?.framePresented() }
            fb.onFrameShown = { [weak self] in self?.resumeSettledWaiters() }
            try fb.start(stack: stack, look: look, content: contentLayer)
            fbdev = fb
            startMotion()
            showing(nil)
        case .automatic, .kms:
            // A usable card now: straight to KMS, no fbdev frame first.
            cardsChanged()
            guard kms == nil else { return }
            if case .automatic = options.output, access(options.framebufferDevice, F_OK) == 0 {
                let fb = FBDevScreen(device: options.framebufferDevice, fpsCap: options.fpsCap, log: log)
                fb.onFramePresented = { [weak self] in self?.framePresented() }
                fb.onFrameShown = { [weak self] in self?.resumeSettledWaiters() }
                do {
                    try fb.start(stack: stack, look: look, content: contentLayer)
                    fbdev = fb
                    startMotion()
                    showing(nil)
                } catch { log("fbdev unusable (\(error))") }
            }
            do {
                watch = try DirectoryWatch(directory: options.driDirectory, loop: loop) { [weak self] in self?.cardsChanged() }
            } catch {
                log("cannot watch \(options.driDirectory): \(error)")
                // Nothing to show and no way to see a card come: no use waiting.
                if fbdev == nil && !options.waitsForCardUntilClosed { return cardWaitEnded(unwatchable: "\(error)") }
            }
            waitReport = loop.schedule(at: loop.now() + options.cardWait) { [weak self] in self?.cardWaitEnded() }
            // A card whose node exists but was not usable above is retried shortly.
            if cardPresent { cardsChanged() }
        }
    }

    /// Runs `handler` on the loop once something is on screen (nil), or with
    /// the reason `open` fails: nothing after `cardWait`.
    public func whenShowing(_ handler: @escaping @Sendable (HUDScreenError?) -> Void) {
        if kms != nil || fbdev != nil || options.waitsForCardUntilClosed { handler(nil) } else if closed {
            handler(failure ?? HUDScreenError("the screen was closed"))
        } else { openWaiters.append(handler) }
    }

    private func showing(_ failure: HUDScreenError?) {
        let waiters = openWaiters
        openWaiters = []
        for w in waiters { w(failure) }
    }

    /// No card within `cardWait` (or, `unwatchable`, no way to see one come).
    private func cardWaitEnded(unwatchable: String? = nil) {
        guard kms == nil else { return }
        let where_ = deviceName.map { "at \($0)" } ?? "in \(options.driDirectory)"
        if fbdev == nil && !options.waitsForCardUntilClosed {
            let reason = unusable.map { HUDScreenError("DRM card \(where_) not usable after \(options.cardWait): \($0)") }
                ?? HUDScreenError("no DRM card \(where_)" + (unwatchable.map { " (\($0))" } ?? " after \(options.cardWait)")
                    + (options.output == .automatic ? " and no usable \(options.framebufferDevice)" : ""))
            failure = reason
            stop(retainPicture: false)
            showing(reason)
            return
        }
        log("no DRM card \(where_) after \(options.cardWait); showing on \(fbdev?.summary ?? "no display") and still watching for one")
    }

    private var deviceName: String? {
        if case .kms(let device) = options.output { return device }
        return nil
    }

    private var cardPresent: Bool {
        if let device = deviceName { return access(device, F_OK) == 0 }
        return KMSScreen.cardPresent(directory: options.driDirectory)
    }

    /// Something appeared in the DRM directory: take the first usable card
    /// (not while deactivated: `reactivate` looks again).
    private func cardsChanged() {
        guard kms == nil, !closed, !deactivated, cardPresent else { return }
        let candidate = KMSScreen(device: deviceName, directory: options.driDirectory, cardWait: .zero,
                                  outputs: options.connectors, mode: options.mode, forceLegacy: options.forceLegacy,
                                  fpsCap: options.fpsCap, content: contentLayer, allowsOverlay: options.allowsOverlayPlane,
                                  writebackCapture: options.writebackCapture, log: log)
        candidate.onFramePresented = { [weak self] in self?.framePresented() }
        candidate.onScreenReleased = { [weak self] in self?.onScreenReleased?() }
        // A frame resolved without a presentation (nothing visible: the console back) settles the screen too.
        candidate.onFrameShown = { [weak self] in self?.resumeSettledWaiters() }
        startingKMS = candidate
        defer { startingKMS = nil }
        do {
            try candidate.start(stack: stack, look: look)
        } catch {
            // Not usable yet (connectors not probed, node not ready). The node
            // is there, so no further directory event may come: try again shortly.
            if !reportedUnusable { log("DRM card not usable (yet): \(error)") }
            reportedUnusable = true
            unusable = error
            if let frames = fbdev?.frames { stack.assumeIsolated { $0.setInvalidationHandler { frames.invalidate() } } }
            if watch != nil, retry == nil {
                retry = loop.schedule(at: loop.now() + retryDelay) { [weak self] in
                    self?.retry = nil
                    self?.cardsChanged()
                }
                retryDelay = min(retryDelay * 2, .seconds(8))
            }
            return
        }
        kms = candidate
        let late = watch != nil || fbdev != nil
        watch?.cancel()
        watch = nil
        waitReport?.cancel()
        retry?.cancel()
        // KMS has its first frame up; fbdev is hidden behind it now.
        fbdev?.stopForHandover()
        fbdev = nil
        if late { log("late GPU: switched to \(candidate.summary)") }
        startMotion()
        showing(nil)
    }

    /// The accelerometer, in the frame of the first output's picture.
    private func startMotion() {
        motion?.stop()
        motion = nil
        guard let m = look.motion else { return }
        let geometry = kms?.primaryGeometry ?? (rotation: .none, scale: 1)
        motion = MotionFeed(stack: stack, amplitude: m.amplitude, outputScale: geometry.scale,
                            rotation: geometry.rotation,
                            neutral: m.neutral, mountMatrix: m.mountMatrix, log: log)
    }

    private func vtSignal(_ signal: Signal) {
        if let kms { kms.handle(signal: signal) } else { fbdev?.handle(signal: signal) }
    }

    /// Whether keys can reach the HUDs' prompts: input was asked for
    /// (`Options.input`) and has not failed to start (it starts when
    /// something needs it: `startInput()`).
    public var readsKeys: Bool { input?.canRead ?? false }

    /// Starts reading input now, if `Options.input` asks for it and it has
    /// not started: for a need the stack does not know of (a keystroke
    /// observer with something to watch). Prompts and buttons start it
    /// themselves (`HUDStack.whenInputNeeded`). Before any output is lit it
    /// starts with the first frame; while deactivated, at `reactivate`. On the loop.
    /// - Returns: `readsKeys`: false when input is off or could not start.
    @discardableResult
    public func startInput() -> Bool {
        input?.need(outputSize: primaryOutputSize)
        return readsKeys
    }

    /// The output input positions and button frames refer to: the first KMS head, or fbdev.
    private var primaryPainter: RendererPainter? { kms?.primaryPainter ?? fbdev?.painter }

    /// The first output's size in pixels: what touch and tablet positions are scaled to.
    private var primaryOutputSize: ScreenSize? {
        primaryPainter.map { ScreenSize(width: $0.pixelSize.width, height: $0.pixelSize.height) }
    }

    private func framePresented() {
        if let input, let size = primaryOutputSize {
            input.outputLit(size: size)
            if input.input != nil { tellStackWhereButtonsAre() }
        }
        onFramePresented?()
        resumeSettledWaiters()
    }

    /// With `Options.input`: input is made ready to start, and starts when
    /// the stack first needs it (a prompt or a button), before the frame that draws it.
    private func startInputOnDemand() {
        guard let inputOptions = options.input else { return }
        let stack = self.stack, log = self.log
        input = OnDemandInput(starter: { [weak self] size throws(SystemError) in
            var o = inputOptions
            o.screen = size
            let input = try ScreenInput(stack: stack, options: o, toPoint: { [weak self] p in
                self?.primaryPainter?.hudPoint(deviceX: p.x, deviceY: p.y)
            }, log: log)
            log("input: reading keyboards, touchscreens and pointers for the HUD's prompts and button")
            return input
        }, onFailure: { error in
            log("input: \(error); no input is read")
            // Nothing can answer them now: their askers hear so instead of waiting forever
            // (after the change that asked for input, which may be a prompt being asked).
            stack.perform { $0.withdrawAllPrompts() }
        })
        stack.assumeIsolated { $0.whenInputNeeded { [weak self] in self?.startInput() } }
    }

    /// `waitUntilSettled` callers go on once the screen is settled.
    private func resumeSettledWaiters() {
        guard !settledWaiters.isEmpty, isSettled else { return }
        let waiters = settledWaiters
        settledWaiters = []
        for w in waiters { w() }
    }

    /// While input is read: tells the stack where the buttons are after each frame.
    private func tellStackWhereButtonsAre() {
        guard let painter = primaryPainter else { return }
        // Only when the layout moved them: most frames (a spinner turning) do not.
        let frames = painter.buttonFrames
        if frames != buttonFramesSent {
            buttonFramesSent = frames
            stack.assumeIsolated { $0.setButtonFrames(frames) }
        }
        let rect = painter.lastButtonRect
        if rect != buttonLogged {
            buttonLogged = rect
            if let r = rect { log("button at \(r.x),\(r.y) \(r.width)x\(r.height) px") }
        }
    }

    /// Returns once the screen shows the HUDs as they are now (`isSettled`):
    /// labels drawn, no fade running. For taking a picture of it, or for
    /// starting heavy work only once the HUD is visible. While deactivated
    /// nothing is drawn: it returns once `reactivate` has drawn the picture.
    public func waitUntilSettled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.execute { [self] in
                if isSettled || (kms == nil && fbdev == nil) { continuation.resume() } else {
                    settledWaiters.append { continuation.resume() }
                }
            }
        }
    }

    /// The app's picture's size in pixels (upright: the first output's, its
    /// panel's turn undone); nil without `Options.content`, or before an output is lit.
    public var contentSize: (width: Int, height: Int)? {
        get async {
            await withCheckedContinuation { continuation in
                loop.execute { [self] in
                    continuation.resume(returning: contentLayer?.picture.map { ($0.width, $0.height) })
                }
            }
        }
    }

    /// Changes the app's picture: `body` draws (on the loop) and returns
    /// the rectangles it changed; every output then shows them in its next
    /// frame — a rectangle under a blurred bezel repaints that bezel too.
    /// Returns false, drawing nothing, without `Options.content` or while
    /// no output is lit yet (the first picture is drawn when one is).
    @discardableResult
    public func updateContent(_ body: @escaping @Sendable (inout ContentCanvas) -> [PixelRect]) async -> Bool {
        await withCheckedContinuation { continuation in
            loop.execute { [self] in
                guard let picture = contentLayer?.picture, !closed else { return continuation.resume(returning: false) }
                if !picture.draw(body).isEmpty {
                    kms?.invalidateFrames()
                    fbdev?.frames?.invalidate()
                }
                continuation.resume(returning: true)
            }
        }
    }

    /// Test option (`Options.writebackCapture`): writes the next composed
    /// frame, read back through the writeback connector, to `path` as a
    /// binary PPM (a second head's to `path.1`). Returns once written.
    /// - Throws: `HUDScreenError` when nothing can read frames back or the capture failed.
    public func captureFrame(toPPM path: String) async throws(HUDScreenError) {
        let failure: HUDScreenError? = await withCheckedContinuation { continuation in
            loop.execute { [self] in
                guard let kms else {
                    return continuation.resume(returning: HUDScreenError("no KMS output to capture"))
                }
                kms.capture(toPPM: path) { continuation.resume(returning: $0) }
            }
        }
        if let failure { throw failure }
    }

    /// A new style, backdrop or motion setting (a theme reloaded).
    public func apply(look: ScreenLook) {
        self.look = look
        kms?.apply(look: look)
        fbdev?.apply(look: look)
        if motion != nil || look.motion != nil { startMotion() }
    }

    /// Lets go of the display for a program that takes it over, as plymouthd
    /// does on Plymouth's `deactivate` (a display manager is starting), on
    /// the loop: what a VT switch away does — drawing stops with the picture
    /// left on screen, DRM master is dropped once the last flip has landed —
    /// and VT switching is handed back to the kernel (`VT_AUTO`), input and
    /// the accelerometer are no longer read, no late card is taken. The
    /// stack's changes meanwhile are drawn by `reactivate`; `stop` then
    /// leaves the display alone. Returns once the display is released.
    public func deactivate() {
        guard started, !closed, !deactivated else { return }
        deactivated = true
        motion?.stop()
        motion = nil
        input?.suspend()
        retry?.cancel()
        retry = nil
        kms?.deactivate()
        fbdev?.deactivate()
        log("display released (deactivated): \(summary)")
    }

    /// Takes the display back after `deactivate`, as a VT switch back does:
    /// master, VT switching, the mode set again and everything repainted as
    /// the stack is now; input (if it had been needed) and the accelerometer
    /// read again; a card that appeared meanwhile is taken.
    public func reactivate() {
        guard started, !closed, deactivated else { return }
        deactivated = false
        kms?.reactivate()
        fbdev?.reactivate()
        log("display taken back (reactivated): \(summary)")
        if kms == nil { cardsChanged() }
        if kms != nil || fbdev != nil { startMotion() }
        // Before the repaint's frame: keys typed once the picture is back are read.
        input?.resume(outputSize: primaryOutputSize)
    }

    /// Stops drawing, on the loop. `retainPicture`: the last frame stays up for
    /// the program taking over the display; otherwise the console comes back.
    public func stop(retainPicture: Bool) {
        guard !closed else { return }
        closed = true
        watch?.cancel()
        watch = nil
        waitReport?.cancel()
        retry?.cancel()
        motion?.stop()
        motion = nil
        input?.stop()
        kms?.stop(retainPicture: retainPicture)
        fbdev?.stop(retainPicture: retainPicture)
        signals = nil
        let waiters = settledWaiters
        settledWaiters = []
        for w in waiters { w() }
    }

    /// Stops drawing and gives the console back (or, with `keepingPicture`,
    /// leaves the last frame on screen); returns when that is done.
    public func close(keepingPicture: Bool = false) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            loop.execute { [self] in
                stop(retainPicture: keepingPicture)
                continuation.resume()
            }
        }
    }
}
