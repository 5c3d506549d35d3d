import Glibc
import HUDCore
import HUDFrames
import HUDRender
import HUDSystem
import KioskHUD

/// A `HUDStack` shown on a Wayland compositor's `overlay` layer, over
/// whatever runs there (a browser in kiosk mode): one `WaylandScanout`,
/// `RendererPainter` (composition target `.layer`) and `FrameLoop` per
/// output, made and dropped as outputs come and go. When the compositor is
/// not there yet, or goes, it waits for its socket to appear (inotify on the
/// runtime directory) and connects again; the stack's state is untouched.
public final class WaylandScreen: @unchecked Sendable {
    public struct Options: Sendable {
        /// The socket: a name in `$XDG_RUNTIME_DIR` or an absolute path; nil: `$WAYLAND_DISPLAY`, else `wayland-0`.
        public var socket: String?
        /// Touches and clicks go through the HUD to the app below (an empty input region).
        public var passesInput = false
        public var style = HUDRenderStyle()
        public var backdrop = HUDBackdrop()
        public init() {}
    }

    private final class Head {
        let scanout: WaylandScanout
        let painter: RendererPainter
        let frames: FrameLoop
        /// The button's place last logged (tests and `hud` users read it from the log).
        var buttonLogged: PixelRect?
        /// The scanout's timeouts taken when last looked at, and whether its frame callbacks had stopped.
        var timeoutsSeen = 0
        var stalled = false
        /// The scale its painter draws at.
        let scale: Double
        init(scanout: WaylandScanout, painter: RendererPainter, frames: FrameLoop, scale: Double) {
            self.scanout = scanout
            self.painter = painter
            self.frames = frames
            self.scale = scale
        }
    }

    private let stack: HUDStack
    private let loop: EventLoop
    private var options: Options
    private let log: @Sendable (String) -> Void
    private var connection: WaylandConnection?
    private var heads: [UInt32: Head] = [:]
    /// Each output's fractional scale as its surface's `preferred_scale` said
    /// it, by output name: kept across hides and reconnections, so a HUD is
    /// drawn at it from its first frame after the first time.
    private var fractionalScales: [String: Double] = [:]
    private var socketWatch: DirectoryWatch?
    /// Another try while a compositor's socket exists but it does not answer yet.
    private var retry: ScheduledTimer?
    private var retries = 0
    private var stopped = false
    /// Frames drawn on every output so far.
    public private(set) var framesDrawn = 0

    public init(stack: HUDStack, options: Options, log: @escaping @Sendable (String) -> Void) {
        self.stack = stack
        loop = stack.loop
        self.options = options
        self.log = log
    }

    /// Connects, or when no compositor answers yet, waits for its socket.
    /// - Throws: `WaylandError` for what waiting cannot fix: libwayland-client
    ///   missing, a compositor without layer-shell.
    public func start() throws(WaylandError) {
        stack.assumeIsolated { $0.setInvalidationHandler { [weak self] in self?.invalidate() } }
        do {
            try connect()
        } catch .noCompositor(let why) {
            log("wayland: \(why); waiting for the compositor's socket")
            try waitForSocket()
        }
    }

    private var runtimeDirectory: String? { getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } }

    private func connect() throws(WaylandError) {
        let c = try WaylandConnection(socket: options.socket, loop: loop)
        connection = c
        retries = 0
        socketWatch?.cancel()
        socketWatch = nil
        c.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        c.onLost = { [unowned self] error in self.lost(error) }
        c.onPointer = { [unowned self] event in self.pointer(event) }
        let stack = self.stack
        c.onKey = { key in stack.assumeIsolated { $0.press(key) } }
        c.onKeyboardError = { [log] why in log("wayland: keyboard: \(why)") }
        log("wayland: connected to \(options.socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"), "
            + "\(c.outputs.count) output(s)")
        outputsChanged()
    }

    /// Watches the runtime directory (or the socket's own) for the socket and connects when it is there.
    private func waitForSocket() throws(WaylandError) {
        guard let path = socketPath, let slash = path.lastIndex(of: "/"), slash != path.startIndex else {
            throw .noCompositor("no XDG_RUNTIME_DIR to wait in for \(options.socket ?? "the compositor's socket")")
        }
        let directory = String(path[..<slash])
        do {
            socketWatch = try DirectoryWatch(directory: directory, loop: loop) { [weak self] in self?.socketAppeared() }
        } catch {
            throw .noCompositor("cannot watch \(directory): \(error)")
        }
        // It may have come between the failed connect and the watch.
        socketAppeared()
    }

    private func socketAppeared() {
        guard connection == nil, !stopped else { return }
        retry?.cancel()
        retry = nil
        do {
            try connect()
        } catch .noCompositor(let why) where socketExists {
            // The socket is bound but not listening yet (a compositor binds, then
            // listens: the directory does not change between): try again shortly.
            retryShortly(why)
        } catch .noCompositor {
            // No socket yet: the next change in the directory tries again.
        } catch .connectionLost(let why) {
            // The socket is there but the compositor is still starting (or going): try again shortly.
            retryShortly(why)
        } catch {
            log("wayland: \(error)")
        }
    }

    private func retryShortly(_ why: String) {
        retries += 1
        if retries % 50 == 1 { log("wayland: the compositor is not ready (\(why)); trying again") }
        retry = loop.schedule(after: .milliseconds(100)) { [weak self] in self?.socketAppeared() }
    }

    /// The compositor's socket as a path: absolute, or a name in the runtime directory.
    private var socketPath: String? {
        let name = options.socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        if name.hasPrefix("/") { return name }
        return runtimeDirectory.map { "\($0)/\(name)" }
    }

    private var socketExists: Bool { socketPath.map { SocketFile.exists(at: $0) } ?? false }

    private func lost(_ error: WaylandError) {
        log("wayland: \(error); waiting for the compositor to come back")
        for (_, head) in heads { head.frames.stop(retainingPicture: true, waitingForPresentation: false) }
        heads = [:]
        connection = nil
        guard !stopped else { return }
        do { try waitForSocket() } catch { log("wayland: \(error)") }
    }

    /// A head per output of known size; gone outputs' heads stop.
    private func outputsChanged() {
        guard let c = connection, !stopped else { return }
        for (name, head) in heads where c.outputs[name] != head.scanout.info {
            head.frames.stop(retainingPicture: false, waitingForPresentation: false)
            heads[name] = nil
            log("wayland: output \(head.scanout.info.name ?? String(name)) gone or changed")
        }
        for (name, info) in c.outputs where heads[name] == nil && info.pixelWidth > 0 && info.pixelHeight > 0 {
            makeHead(name, info)
        }
    }

    /// The scale to draw an output's HUD at: its fractional one once known, else its integer one.
    private func scale(of info: WaylandOutputInfo) -> Double {
        info.name.flatMap { fractionalScales[$0] } ?? Double(info.scale)
    }

    private func makeHead(_ name: UInt32, _ info: WaylandOutputInfo) {
        guard let c = connection, let proxy = c.outputProxy(name) else { return }
        let scale = scale(of: info)
        do {
            let scanout = try WaylandScanout(connection: c, loop: loop, output: proxy, info: info, passesInput: options.passesInput)
            let painter = try RendererPainter(scanout: scanout, loop: loop, style: options.style, backdrop: options.backdrop,
                                              scale: scale, textFromFirstFrame: true, target: .layer)
            let stack = self.stack
            let frames = FrameLoop(scanout: scanout, painter: painter, loop: loop) { time in
                stack.assumeIsolated { $0.snapshot(at: time) }
            }
            frames.onError = { [log] error in log("wayland: \(error)") }
            let head = Head(scanout: scanout, painter: painter, frames: frames, scale: scale)
            frames.onFrameShown = { [unowned self, unowned head] _ in
                self.framesDrawn += 1
                self.logButton(of: head)
                self.logStall(of: head)
            }
            scanout.onPreferredScale = { [unowned self] preferred in self.preferredScale(preferred, output: name) }
            scanout.takesKeyboard = stack.assumeIsolated { $0.activePrompt != nil }
            try frames.start()
            heads[name] = head
            log("wayland: output \(info.name ?? String(name)) \(info.pixelWidth)x\(info.pixelHeight) scale \(Self.format(scale))"
                + (c.offersFractionalScale ? " (fractional scaling offered)" : ""))
        } catch {
            log("wayland: output \(info.name ?? String(name)): \(error)")
        }
    }

    /// 1, 1.25, 1.5: a scale as a person writes it (to hundredths).
    private static func format(_ scale: Double) -> String {
        let hundredths = Int((scale * 100).rounded())
        let fraction = hundredths % 100
        if fraction == 0 { return String(hundredths / 100) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return "\(hundredths / 100).\(digits)"
    }

    /// The compositor's preferred scale for an output's surface: a head drawing
    /// at another scale is made again at this one (its picture is the stack's:
    /// nothing is lost; the new surface is mapped as the old one goes).
    private func preferredScale(_ preferred: Double, output name: UInt32) {
        guard preferred > 0, let head = heads[name] else { return }
        let info = head.scanout.info
        if let n = info.name { fractionalScales[n] = preferred }
        guard abs(preferred - head.scale) > 0.001 else { return }
        // From the loop: this runs inside the scanout's own event.
        let stale = ObjectIdentifier(head)
        loop.execute { [weak self] in
            guard let self, let head = self.heads[name], ObjectIdentifier(head) == stale else { return }
            self.log("wayland: output \(info.name ?? String(name)) prefers scale \(Self.format(preferred)); drawing at it")
            head.frames.stop(retainingPicture: false, waitingForPresentation: false)
            self.heads[name] = nil
            self.makeHead(name, info)
        }
    }

    /// The stack changed: every output draws, and takes the keyboard while a prompt asks for keys.
    private func invalidate() {
        let wantsKeys = stack.assumeIsolated { $0.activePrompt != nil }
        for (_, head) in heads {
            head.scanout.takesKeyboard = wantsKeys
            head.frames.invalidate()
        }
    }

    /// Whether typed keys can reach a prompt: the compositor has a keyboard.
    public var readsKeys: Bool { connection?.hasKeyboard ?? false }

    /// Says where the button is on an output when that changed: "wayland: output NAME button at X,Y WxH px".
    private func logButton(of head: Head) {
        let rect = head.painter.lastButtonRect
        guard rect != head.buttonLogged else { return }
        head.buttonLogged = rect
        if let r = rect {
            log("wayland: output \(head.scanout.info.name ?? "?") button at \(r.x),\(r.y) \(r.width)x\(r.height) px")
        }
    }

    /// Says when an output's frame callbacks stop (the compositor is not
    /// showing the surface: output off) and when they come again.
    private func logStall(of head: Head) {
        let taken = head.scanout.timeoutsTaken
        defer { head.timeoutsSeen = taken }
        let name = head.scanout.info.name ?? "?"
        if taken > head.timeoutsSeen, !head.stalled {
            head.stalled = true
            log("wayland: output \(name): no frame callback within \(WaylandScanout.frameCallbackTimeout) (not shown?); "
                + "frames paced by the daemon's clock")
        } else if taken == head.timeoutsSeen, head.stalled {
            head.stalled = false
            log("wayland: output \(name): frame callbacks again")
        }
    }

    /// A press, move or release on one of our surfaces. The stack learns where
    /// the buttons are on that surface's output first (outputs of other sizes
    /// lay the HUD out elsewhere).
    private func pointer(_ event: WaylandPointerEvent) {
        let surface: OpaquePointer?
        switch event {
        case .down(let s, _, _), .moved(let s, _, _), .up(let s, _, _): surface = s
        case .cancelled: surface = nil
        }
        if let surface, let head = heads.values.first(where: { $0.scanout.surfacePointer == surface }) {
            let frames = head.painter.buttonFrames
            stack.assumeIsolated { $0.setButtonFrames(frames) }
        }
        switch event {
        case .down(_, let x, let y): stack.assumeIsolated { _ = $0.pointerDown(at: HUDPoint(x: x, y: y)) }
        case .moved(_, let x, let y): stack.assumeIsolated { $0.pointerMoved(to: HUDPoint(x: x, y: y)) }
        case .up(_, let x, let y): stack.assumeIsolated { _ = $0.pointerUp(at: HUDPoint(x: x, y: y)) }
        case .cancelled: stack.assumeIsolated { $0.pointerCancelled() }
        }
    }

    /// The theme changed: every output draws with it.
    public func apply(style: HUDRenderStyle, backdrop: HUDBackdrop) {
        options.style = style
        options.backdrop = backdrop
        for (_, head) in heads { head.painter.apply(style: style, backdrop: backdrop) }
    }

    /// Every output shows the current picture at rest (none is an answer too: nothing to show).
    public var isSettled: Bool {
        guard let generation = stack.assumeIsolated({ $0.restingGeneration() }) else { return false }
        return heads.values.allSatisfy { $0.frames.hasSettled(generation: generation) }
    }

    /// Whether a compositor is connected.
    public var isConnected: Bool { connection != nil }

    public func stop(retainPicture: Bool) {
        stopped = true
        stack.assumeIsolated { $0.setInvalidationHandler(nil) }
        for (_, head) in heads { head.frames.stop(retainingPicture: retainPicture) }
        heads = [:]
        socketWatch?.cancel()
        socketWatch = nil
        retry?.cancel()
        retry = nil
        connection = nil
    }
}
