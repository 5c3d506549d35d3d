#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDFrames
import HUDRender
import KioskHUD

/// `--output png:DIR`: the daemon draws with the same painter and frame loop
/// as on a display, into a `MemoryScanout`, and writes the picture to
/// `DIR/frame.png` (replaced atomically) whenever it settles, and at most
/// once a second while it animates. Each written frame adds a line to
/// `DIR/frames.log` naming what it shows, so tests on a host without a display can follow the daemon.
public final class PNGOutput: HUDOutput {
    public let directory: String
    public let geometry: ScreenGeometry
    public private(set) var framesDrawn = 0
    public private(set) var framesWritten = 0
    private var painter: RendererPainter?
    private var scanout: MemoryScanout?
    private var frames: FrameLoop?
    private var stack: HUDStack?
    private var lastWrite: HUDInstant?
    /// The generation of the last resting snapshot (nothing fading or
    /// zooming) that frame.png shows: written, or the same picture as the one written.
    private var shownRestingGeneration = -1
    private var lastWrittenSnapshot: HUDSnapshot?
    private let log: @Sendable (String) -> Void
    private let content: ContentLayer?

    /// Frames are drawn whole, with text: settled once frame.png shows the
    /// current generation at rest (nothing fades or zooms). Not merely once a
    /// frame of it was drawn: the last one drawn may be from mid-fade, with
    /// the resting one still to come and be written.
    /// Its prompts are answered with `hud type` (tests, headless hosts).
    public var readsKeys: Bool { true }
    public var isSettled: Bool {
        guard let stack else { return true }
        guard let generation = stack.assumeIsolated({ $0.restingGeneration() }) else { return false }
        return shownRestingGeneration >= generation
    }
    /// While deactivated no frame is drawn or written; the state is drawn after `reactivate`.
    public private(set) var holdsDisplay = true
    public var summary: String { "png:\(directory) \(geometry.pixelWidth)x\(geometry.pixelHeight)" }

    /// `content`: a picture under the HUD (`--over`), scaled to the output.
    public init(directory: String, width: Int, height: Int, content: ScreenContent? = nil,
                log: @escaping @Sendable (String) -> Void) throws(DaemonError) {
        self.content = content.map(ContentLayer.init)
        do {
            geometry = try ScreenGeometry(pixelWidth: width, pixelHeight: height)
        } catch {
            throw .output("png output: \(error)")
        }
        self.directory = directory
        self.log = log
    }

    public func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw .system(SystemError.last("mkdir", directory))
        }
        let scanout = MemoryScanout(width: geometry.pixelWidth, height: geometry.pixelHeight)
        let painter: RendererPainter
        do {
            painter = try RendererPainter(scanout: scanout, loop: stack.loop, style: theme.style, backdrop: theme.backdrop,
                                          textFromFirstFrame: true,
                                          content: try content?.picture(width: geometry.pixelWidth, height: geometry.pixelHeight))
        } catch {
            throw .output("png output: \(error)")
        }
        let reported = Locked(Set<String>())
        painter.onProblem = { [log] problem in
            if reported.withLock({ $0.insert(problem).inserted }) { log("render: \(problem)") }
        }
        // Frames are written at most 20 times a second: a file per frame is slow.
        let frames = FrameLoop(scanout: scanout, painter: painter, loop: stack.loop, fpsCap: 20) { time in
            stack.assumeIsolated { $0.snapshot(at: time) }
        }
        frames.onError = { [log] error in log("png output: \(error)") }
        frames.onFrameShown = { [unowned self] in self.shown($0) }
        self.scanout = scanout
        self.painter = painter
        self.frames = frames
        self.stack = stack
        stack.assumeIsolated { $0.setInvalidationHandler { [weak frames] in frames?.invalidate() } }
        do { try frames.start() } catch { throw .system(error) }
    }

    public func apply(theme: DaemonTheme) {
        painter?.apply(style: theme.style, backdrop: theme.backdrop)
    }

    public func stop(retainPicture: Bool) {
        stack?.assumeIsolated { $0.setInvalidationHandler(nil) }
        frames?.stop(retainingPicture: retainPicture)
        frames = nil
    }

    public func deactivate() {
        guard holdsDisplay else { return }
        holdsDisplay = false
        frames?.pause()
    }

    public func reactivate() {
        guard !holdsDisplay else { return }
        holdsDisplay = true
        frames?.resume()
    }

    /// The memory shows `snapshot`: written when it rests, or a second after the last write.
    private func shown(_ snapshot: HUDSnapshot) {
        framesDrawn += 1
        let now = snapshot.time
        let settled = snapshot.nextChange == nil
        let due = lastWrite.map { now - $0 >= .seconds(1) } ?? true
        let atRest = snapshot.layers.allSatisfy(\.presentation.isAtRest)
        if Self.samePicture(lastWrittenSnapshot, snapshot) {
            if atRest { shownRestingGeneration = snapshot.generation }
            return
        }
        guard settled || due else { return }
        write(snapshot)
        lastWrite = now
        lastWrittenSnapshot = snapshot
        if atRest { shownRestingGeneration = snapshot.generation }
    }

    private func write(_ snapshot: HUDSnapshot) {
        guard let scanout else { return }
        let path = directory + "/frame.png", temporary = directory + "/.frame.png.tmp"
        do {
            try PNGFile.write(scanout.shown, to: temporary)
        } catch {
            log("png output: \(error)")
            return
        }
        guard rename(temporary, path) == 0 else {
            log("png output: \(SystemError.last("rename", path))")
            return
        }
        framesWritten += 1
        appendLog(snapshot)
    }

    private func appendLog(_ snapshot: HUDSnapshot) {
        var line = "frame \(framesWritten) layers=\(snapshot.layers.count)"
        if let top = snapshot.layers.last {
            let c = top.configuration
            line += " mode=\(WireModeName.of(c.mode)) progress=\(HUDController.percentText(top.presentation.progress))"
            line += " alpha=\(HUDController.percentText(top.presentation.bezelAlpha))"
            line += " label=\(RawLogValue.quote(c.label.text)) details=\(RawLogValue.quote(c.detailsLabel.text))"
        }
        line += "\n"
        let fd = open(directory + "/frames.log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    /// Whether two snapshots draw the same picture (the clock aside).
    static func samePicture(_ a: HUDSnapshot?, _ b: HUDSnapshot) -> Bool {
        guard let a else { return false }
        return a.layers == b.layers
    }
}
