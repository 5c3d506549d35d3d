import Glibc
import HUDCore
import HUDFrames
import HUDKMS
import HUDRender

/// A `HUDScreen` on DRM/KMS: every connected output (or the ones `outputs`
/// names), each at its own mode with its own renderer, double buffers and
/// paced frame loop (`KMSHead`), all showing the one `HUDStack`. Connectors
/// plugged or unplugged while it runs light up or go dark (kernel uevents,
/// `HOTPLUG=1`); VT switches yield every card. Used only on the stack's loop.
final class KMSScreen: @unchecked Sendable {
    let device: String?
    /// Where cards are looked for (`/dev/dri`).
    let directory: String
    let cardWait: Duration
    /// Connector names to use (`--outputs`); nil: every connected one.
    let outputs: Set<String>?
    /// A mode instead of each connector's preferred one (`hud display --mode`).
    let mode: ModeRequest?
    let forceLegacy: Bool
    let fpsCap: Double?
    /// The app's picture under the HUDs; nil: the theme's backdrop.
    let content: ContentLayer?
    /// The HUD may go on an overlay plane over the picture.
    let allowsOverlay: Bool
    /// Test option: light the card's writeback connector alone and read frames back.
    let writebackCapture: Bool
    private let log: @Sendable (String) -> Void
    private var cards: [DRMCard] = []
    private var cardEvents: [CardEventWatch] = []
    private var heads: [KMSHead] = []
    /// Unplugged heads whose last flip has not completed yet.
    private var retiring: [KMSHead] = []
    private var vt: VTSwitcher?
    private var uevents: UeventMonitor?
    private var stack: HUDStack?
    private var look = ScreenLook()
    /// The display is not ours: the VT was switched away, or `deactivate`.
    private var paused = false
    /// Between `deactivate` and `reactivate`.
    private(set) var deactivated = false
    private var framesOfRemovedHeads = 0
    /// Why the last connector that could not be lit was not.
    private var lastAddError: String?

    var framesDrawn: Int { heads.reduce(framesOfRemovedHeads) { $0 + $1.frames.statistics.framesPresented } }
    var summary: String {
        heads.isEmpty ? "kms (no output)" : "kms " + heads.map(\.summary).joined(separator: ", ")
    }
    var isSettled: Bool {
        guard let stack else { return true }
        guard let generation = stack.assumeIsolated({ $0.restingGeneration() }) else { return false }
        return heads.allSatisfy { $0.frames.hasSettled(generation: generation) }
    }
    /// After every frame any head put on screen.
    var onFramePresented: (() -> Void)?
    /// After each frame a head resolved, presented or not (nothing changed, nothing visible).
    var onFrameShown: (() -> Void)?
    /// When a head gave the screen back to the console (nothing visible).
    var onScreenReleased: (@Sendable () -> Void)?
    /// Each lit head's report, in order; after `stop`, as they were when they stopped.
    var reports: [ScreenHeadReport] { stopped ? stoppedReports : heads.map(\.report) }
    private var stopped = false
    private var stoppedReports: [ScreenHeadReport] = []
    /// Names of the lit connectors, in order.
    var headNames: [String] { heads.map(\.name) }

    /// `device` nil: every usable card, the first waited for up to `cardWait`.
    init(device: String?, directory: String = "/dev/dri", cardWait: Duration, outputs: Set<String>? = nil,
         mode: ModeRequest? = nil, forceLegacy: Bool = false, fpsCap: Double? = nil, content: ContentLayer? = nil,
         allowsOverlay: Bool = true, writebackCapture: Bool = false, log: @escaping @Sendable (String) -> Void) {
        self.content = content
        self.allowsOverlay = allowsOverlay
        self.writebackCapture = writebackCapture
        self.mode = mode
        self.forceLegacy = forceLegacy
        self.fpsCap = fpsCap
        self.device = device
        self.directory = directory
        self.cardWait = cardWait
        self.outputs = outputs
        self.log = log
    }

    /// Whether any DRM card node exists now in `directory` (for `--output auto`).
    static func cardPresent(directory: String = "/dev/dri") -> Bool {
        !CardFinder(directory: directory).candidates().isEmpty
    }

    /// Lights the outputs and starts their frame loops.
    /// - Throws: `HUDScreenError` when no card or no connected output can be used.
    func start(stack: HUDStack, look: ScreenLook) throws(HUDScreenError) {
        self.stack = stack
        self.look = look
        do {
            let finder = CardFinder(directory: directory)
            let first = try finder.open(explicitPath: device, timeout: cardWait)
            var all = [first]
            if device == nil {
                for path in finder.candidates() where path != first.path {
                    if let card = try? DRMCard(path: path) { all.append(card) }
                }
            }
            for card in all {
                // Writeback connectors are listed only to clients that ask, after the atomic cap.
                if writebackCapture, !(card.enableAtomic() && card.enableWriteback()) {
                    log("\(card.path): no writeback connectors (DRM_CLIENT_CAP_WRITEBACK_CONNECTORS refused)")
                }
                do { try card.setMaster() } catch {
                    let e = SystemError(call: "drmSetMaster", subject: card.path, errno: error.errno,
                                     detail: "another program (a compositor, Plymouth) holds the display")
                    if card === first { throw e }
                    log("\(e)")
                    continue
                }
                cards.append(card)
                cardEvents.append(try CardEventWatch(card: card, loop: stack.loop) { [log] in log("display: \($0)") })
            }
            // Weak: the stack keeps its handler, and this output keeps the stack.
            stack.assumeIsolated { $0.setInvalidationHandler { [weak self] in for h in self?.heads ?? [] { h.frames.invalidate() } } }
            takeVTSwitching()
            rescan()
            guard !heads.isEmpty else {
                throw SystemError(call: "drmModeGetConnector", subject: all.map(\.path).joined(separator: ", "),
                               detail: outputs.map { "none of the outputs \($0.sorted().joined(separator: ",")) is connected" }
                                   ?? "no connected output could be lit" + (lastAddError.map { ": \($0)" } ?? ""))
            }
            do {
                uevents = try UeventMonitor(loop: stack.loop) { [self] event in
                    if event.isDRMHotplug { rescan() }
                }
            } catch { log("no hotplug events: \(error)") }
            log("display: \(summary)")
        } catch {
            stop(retainPicture: false)
            throw HUDScreenError("\(error)")
        }
    }

    /// Lights every wanted connected connector that has no head yet and
    /// stops heads whose connector went away (on start and on each hotplug).
    private func rescan() {
        guard let stack, !paused else { return }
        for card in cards {
            guard let res = try? card.resources() else { continue }
            var connected: [String] = []
            for id in res.connectors {
                guard let c = try? card.connector(id), c.isConnected, !c.modes.isEmpty else { continue }
                // A capture run drives the CRTC with the writeback connector alone (vkms cannot share it).
                if c.isWriteback != writebackCapture { continue }
                if let outputs, !outputs.contains(c.name) { continue }
                connected.append(c.name)
            }
            for head in heads where head.output.card === card && !connected.contains(head.name) {
                remove(head)
            }
            for name in connected where !heads.contains(where: { $0.output.card === card && $0.name == name }) {
                do {
                    try add(card: card, connector: name, stack: stack)
                } catch {
                    log("display \(card.path) \(name): \(error)")
                    lastAddError = "\(card.path) \(name): \(error)"
                }
            }
        }
    }

    private func add(card: DRMCard, connector: String, stack: HUDStack) throws {
        let taken = Set(heads.filter { $0.output.card === card }.map(\.output.choice.crtc))
        let output = try KMSOutput(card: card, mode: mode, connectorName: connector, forceLegacy: forceLegacy, excludingCRTCs: taken)
        // Each head at its own scale (HiDPI panels: 2) and turned for how its panel is mounted.
        let scale = ScreenGeometry.automaticScale(pixelWidth: output.mode.width, pixelHeight: output.mode.height,
                                                  physicalWidthMillimetres: output.choice.connector.physicalWidthMillimetres)
        let rotation = output.panelOrientation.pictureRotation
        guard let events = cardEvents.first(where: { $0.card === card }) else { return }
        // The app's picture is upright: the first output's size with its panel's turn undone.
        let upright = rotation.swapsAxes ? (output.mode.height, output.mode.width) : (output.mode.width, output.mode.height)
        let picture = try content?.picture(width: upright.0, height: upright.1)
        let capture = writebackCapture
            ? try WritebackCapture(card: card, connector: output.choice.connector.id, width: output.mode.width,
                                   height: output.mode.height, loop: stack.loop)
            : nil
        let scanout = output.makeScanout(events: events, overlay: picture != nil && allowsOverlay, capture: capture)
        let painter = try RendererPainter(scanout: scanout, loop: stack.loop,
                                          style: look.style, backdrop: look.backdrop, scale: scale, rotation: rotation,
                                          content: picture)
        let log = self.log
        painter.onProblem = { log("render: \($0)") }
        let frames = FrameLoop(scanout: scanout, painter: painter, loop: stack.loop, fpsCap: fpsCap) { time in
            stack.assumeIsolated { $0.snapshot(at: time) }
        }
        frames.onError = { log("display \(connector): \($0)") }
        frames.onScreenReleased = { [weak self] in self?.onScreenReleased?() }
        frames.onFrameShown = { [weak self] _ in self?.onFrameShown?() }
        // Start-up cost, for boot-time budgets: the first frame, and the first
        // with its label drawn, each saying what it really showed (first head),
        // and how many frames went out with a label still waiting for fonts
        // (the real-boot lane requires none: counted, not timed).
        let reported = Locked((first: !heads.isEmpty, text: !heads.isEmpty, waited: 0))
        frames.onFramePresented = { [painter, weak self] _ in
            let content = painter.lastFrameContent
            reported.withLock { r in
                if !r.first {
                    r.first = true
                    log("first frame on screen \(StartupClock.since): \(content)")
                }
                if !r.text, content.hasText, !content.textDrawn, !content.graphicsMissing { r.waited += 1 }
                if !r.text, content.textDrawn {
                    r.text = true
                    log("first frame with its label drawn \(StartupClock.since): \(content); "
                        + "\(r.waited) frame\(r.waited == 1 ? "" : "s") before it had the label waiting for fonts")
                }
            }
            self?.onFramePresented?()
        }
        let head = KMSHead(output: output, painter: painter, frames: frames, rotation: rotation, scale: scale)
        // Writeback rides on atomic commits only.
        head.capture = output.usesAtomic ? capture : nil
        painter.keepsScreen = head.capture != nil
        if capture != nil, !output.usesAtomic {
            log("output \(connector): no writeback capture on the legacy API (\(output.legacyReason ?? ""))")
        }
        // A capture waiting for a commit gets one: everything repainted and presented.
        capture?.onNeedsCommit = { [weak painter, weak frames] in
            painter?.invalidateAll()
            frames?.invalidate()
        }
        if let composition = head.composition {
            log("output \(connector): HUD \(composition) over the app's picture"
                + (composition == "composed" ? " (\(allowsOverlay ? output.compositionReason ?? "" : "overlay plane not allowed"))" : ""))
        }
        heads.append(head)
        do { try frames.start() } catch {
            heads.removeAll { $0 === head }
            throw error
        }
        if uevents != nil { log("output connected: \(head.summary)") }
    }

    /// The connector went away: stop its frame loop and free its buffers
    /// (framebuffers removed, dumb buffers destroyed when the head goes).
    private func remove(_ head: KMSHead) {
        // The other heads go on drawing: no waiting on the loop for this
        // head's last flip. A head whose flip is still pending is kept (its
        // framebuffer may still be scanned out) until the event comes; the
        // card keeps the flip's sink, so an event after the 500 ms below is harmless.
        let id = ObjectIdentifier(head), name = head.name
        let pending = head.frames.isPresentationPending
        if pending {
            head.frames.onPresentationSettled = { [weak self] in self?.retiring.removeAll { ObjectIdentifier($0) == id } }
        }
        head.frames.stop(retainingPicture: true, waitingForPresentation: false)
        framesOfRemovedHeads += head.frames.statistics.framesPresented
        heads.removeAll { $0 === head }
        if pending, let loop = stack?.loop {
            retiring.append(head)
            // A driver may never complete a flip on a connector that is gone:
            // as the old blocking wait did, give up after 500 ms (on a timer now).
            loop.schedule(after: .milliseconds(500)) { [weak self] in
                guard let self, retiring.contains(where: { ObjectIdentifier($0) == id }) else { return }
                retiring.removeAll { ObjectIdentifier($0) == id }
                log("output \(name): its last page flip did not complete within 500 ms; its buffers are freed anyway")
            }
        }
        log("output disconnected: \(head.name)")
    }

    func apply(look: ScreenLook) {
        self.look = look
        for h in heads { h.painter.apply(style: look.style, backdrop: look.backdrop) }
    }

    /// The VT switch signals (`HUDScreen` reads them).
    func handle(signal: Signal) {
        if signal == .user1 { vt?.release() }
        if signal == .user2 { vt?.acquire() }
    }

    /// Switches VTs through this screen (`VT_PROCESS`): a switch away yields the display, the return takes it back.
    private func takeVTSwitching() {
        vt = VTSwitcher(releaseSignal: .user1, acquireSignal: .user2, onRelease: { [self] in
            yieldDisplay(why: "vt release")
            log("vt released")
        }, onAcquire: { [self] in
            retakeDisplay(why: "vt acquire")
            log("vt acquired")
        })
    }

    /// Stops drawing and drops master on every card, once the flips in
    /// flight have landed (a client that takes master next must not find
    /// the CRTC busy with our last frame). The picture stays on screen.
    private func yieldDisplay(why: String) {
        guard !paused else { return }
        paused = true
        for h in heads { h.frames.waitForPendingPresentation() }
        for h in heads { h.frames.pause() }
        for c in cards { do { try c.dropMaster() } catch { log("\(why): \(error)") } }
    }

    /// Takes master back and repaints every head from scratch (mode set
    /// again: whoever had the display may have changed it); connectors
    /// plugged or unplugged meanwhile are picked up.
    private func retakeDisplay(why: String) {
        guard paused else { return }
        paused = false
        for c in cards { do { try c.setMaster() } catch { log("\(why): \(error)") } }
        for h in heads { h.frames.resume() }
        rescan()
    }

    /// Lets go of the display for a program that takes it over (Plymouth's
    /// `deactivate`): the VT switch path's yield, and VT switching handed
    /// back to the kernel (`VT_AUTO`), as plymouthd leaves its terminal.
    func deactivate() {
        guard !deactivated else { return }
        deactivated = true
        yieldDisplay(why: "deactivate")
        vt?.restore()
        vt = nil
    }

    /// Takes the display back after `deactivate`: VT switching through this
    /// screen again, then the VT switch path's return (master, repaint).
    func reactivate() {
        guard deactivated else { return }
        deactivated = false
        takeVTSwitching()
        retakeDisplay(why: "reactivate")
    }

    /// Every head draws a frame (the app's picture changed).
    func invalidateFrames() {
        for h in heads { h.frames.invalidate() }
    }

    /// Reads the next frame of every head back through its writeback
    /// connector into `directory`/`name`(-HEAD).ppm; `done` once all are written.
    func capture(toPPM path: String, done: @escaping @Sendable (HUDScreenError?) -> Void) {
        let capturing = heads.compactMap { h in h.capture.map { (h, $0) } }
        guard !capturing.isEmpty else {
            return done(HUDScreenError("no output reads frames back (writeback capture is off or the card has no writeback connector)"))
        }
        let remaining = Locked((count: capturing.count, error: HUDScreenError?.none))
        for (index, (_, capture)) in capturing.enumerated() {
            let file = index == 0 ? path : path + ".\(index)"
            capture.capture(to: file) { error in
                let finished = remaining.withLock { r -> (Bool, HUDScreenError?) in
                    r.count -= 1
                    if let error, r.error == nil { r.error = HUDScreenError("capture \(file): \(error)") }
                    return (r.count == 0, r.error)
                }
                if finished.0 { done(finished.1) }
            }
        }
    }

    /// The first head's painter (input positions and button frames are in its picture).
    var primaryPainter: RendererPainter? { heads.first?.painter }

    /// The first head's picture rotation and scale (the motion feed's frame).
    var primaryGeometry: (rotation: ScreenRotation, scale: Double)? {
        heads.first.map { ($0.rotation, $0.scale) }
    }

    func stop(retainPicture: Bool) {
        for h in retiring { h.frames.waitForPendingPresentation() }
        retiring.removeAll()
        uevents?.cancel()
        uevents = nil
        for h in heads { h.frames.stop(retainingPicture: retainPicture) }
        stoppedReports = heads.map(\.report)
        stopped = true
        vt?.restore()
        vt = nil
        for w in cardEvents { w.cancel() }
        cardEvents = []
        if deactivated {
            // The display is another program's now: leave it as it is.
        } else if retainPicture, let h = heads.first, let front = h.output.front {
            do { try ConsoleHandoff.retain(h.output.buffers[front]) } catch { log("retain: \(error)") }
        } else {
            for card in cards {
                let ownHeads = heads.filter { $0.output.card === card }
                if ownHeads.allSatisfy({ $0.output.savedCRTC?.framebuffer ?? 0 == 0 }) {
                    // Nothing was on screen before us (fbcon had not set a mode yet):
                    // let fbcon draw the console itself.
                    try? card.dropMaster()
                    ConsoleHandoff.refreshTextConsole()
                }
            }
        }
        heads = []
    }
}

extension Duration {
    /// Whole milliseconds, for log lines.
    fileprivate var milliseconds: Int64 { hudNanoseconds / 1_000_000 }
}
