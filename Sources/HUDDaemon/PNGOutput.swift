#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDRender

/// `--output png:DIR`: the daemon draws with the same renderer as on a
/// display, into memory, and writes the picture to `DIR/frame.png` (replaced
/// atomically) whenever it settles, and at most once a second while it
/// animates. Each written frame adds a line to `DIR/frames.log` naming what
/// it shows, so tests on a host without a display can follow the daemon.
public final class PNGOutput: HUDOutput {
    public let directory: String
    public let geometry: ScreenGeometry
    public private(set) var framesDrawn = 0
    public private(set) var framesWritten = 0
    private var renderer: HUDRenderer?
    private var pixels: OwnedPixelBuffer?
    private var scheduler: FrameScheduler?
    private var lastWrite: HUDInstant?
    private var drawnGeneration = -1
    private var lastWrittenSnapshot: HUDSnapshot?
    private var loop: EventLoop?
    private let log: @Sendable (String) -> Void
    private var reportedProblems: Set<String> = []

    /// Frames are drawn whole, with text: settled once a frame of the
    /// current generation is drawn and nothing fades or zooms.
    public var isSettled: Bool {
        guard let scheduler else { return true }
        guard let generation = scheduler.stack.assumeIsolated({ $0.restingGeneration() }) else { return false }
        return drawnGeneration >= generation
    }
    public var summary: String { "png:\(directory) \(geometry.pixelWidth)x\(geometry.pixelHeight)" }

    public init(directory: String, width: Int, height: Int, log: @escaping @Sendable (String) -> Void) throws(DaemonError) {
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
        do {
            pixels = try OwnedPixelBuffer(width: geometry.pixelWidth, height: geometry.pixelHeight)
        } catch {
            throw .output("png output: \(error)")
        }
        renderer = HUDRenderer(geometry: geometry, style: theme.style, backdrop: theme.backdrop)
        loop = stack.loop
        let scheduler = FrameScheduler(stack: stack, minimumInterval: .milliseconds(50)) { [unowned self] in self.draw($0) }
        self.scheduler = scheduler
        scheduler.start()
    }

    public func apply(theme: DaemonTheme) {
        renderer?.setStyle(theme.style)
        renderer?.setBackdrop(theme.backdrop)
        scheduler?.invalidate()
    }

    public func stop(retainPicture: Bool) {
        scheduler?.stop()
        scheduler = nil
    }

    private func draw(_ snapshot: HUDSnapshot) {
        guard let renderer, let pixels else { return }
        let update = renderer.update(to: snapshot)
        for problem in update.problems where reportedProblems.insert(problem.description).inserted {
            log("render: \(problem)")
        }
        do {
            try renderer.draw(into: pixels.buffer, region: update.damage)
        } catch {
            log("render: \(error)")
            return
        }
        framesDrawn += 1
        drawnGeneration = snapshot.generation
        let now = snapshot.time
        let settled = snapshot.nextChange == nil
        let due = lastWrite.map { now - $0 >= .seconds(1) } ?? true
        guard settled || due, !Self.samePicture(lastWrittenSnapshot, snapshot) else { return }
        write(snapshot)
        lastWrite = now
        lastWrittenSnapshot = snapshot
    }

    private func write(_ snapshot: HUDSnapshot) {
        guard let pixels else { return }
        let path = directory + "/frame.png", temporary = directory + "/.frame.png.tmp"
        do {
            try PNGFile.write(pixels.buffer, to: temporary)
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
