import Glibc
import HUDCore
import HUDDaemon
import HUDKMS

/// `hud daemon --output kms`: the daemon's picture on a DRM/KMS display,
/// with the same pieces as `hud display` (card finder, double-buffered
/// output, paced `KMSDisplay`, `RendererPainter`, VT switching, console
/// hand-back or retain).
public final class KMSDaemonOutput: HUDOutput {
    let device: String?
    /// Where cards are looked for (`/dev/dri`).
    let directory: String
    let cardWait: Duration
    /// `--output auto`: a display that cannot be used is logged, not fatal.
    let optional: Bool
    private let log: @Sendable (String) -> Void
    private var card: DRMCard?
    private var output: KMSOutput?
    private var painter: RendererPainter?
    private var display: KMSDisplay?
    private var vt: VTSwitcher?

    public var framesDrawn: Int { display?.statistics.framesPresented ?? 0 }
    public var summary: String {
        guard let output, let card else { return "kms (not started)" }
        return "kms \(card.path) \(output.choice.connector.name) \(output.mode) \(output.usesAtomic ? "atomic" : "legacy")"
    }

    /// `device` nil: the first usable card, waited for up to `cardWait`.
    public init(device: String?, directory: String = "/dev/dri", cardWait: Duration, optional: Bool = false,
                log: @escaping @Sendable (String) -> Void) {
        self.device = device
        self.directory = directory
        self.cardWait = cardWait
        self.optional = optional
        self.log = log
    }

    /// Whether any DRM card node exists now in `directory` (for `--output auto`).
    public static func cardPresent(directory: String = "/dev/dri") -> Bool {
        !CardFinder(directory: directory).candidates().isEmpty
    }

    public func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) {
        do {
            let card = try CardFinder(directory: directory).open(explicitPath: device, timeout: cardWait)
            self.card = card
            do { try card.setMaster() } catch {
                throw DRMError(call: "drmSetMaster", subject: card.path, errno: error.errno,
                               detail: "another program (a compositor, Plymouth) holds the display")
            }
            let output = try KMSOutput(card: card)
            self.output = output
            let painter = try RendererPainter(targets: output.buffers.map(\.target), loop: stack.loop,
                                              style: theme.style, backdrop: theme.backdrop)
            let log = self.log
            painter.onProblem = { log("render: \($0)") }
            self.painter = painter
            let display = KMSDisplay(output: output, loop: stack.loop, painter: painter) { time in
                stack.assumeIsolated { $0.snapshot(at: time) }
            }
            display.onError = { log("display: \($0)") }
            // Start-up cost, for boot-time budgets: first frame and first frame with labels.
            let started = stack.loop.now()
            let reported = Locked((first: false, complete: false))
            display.onFramePresented = { s in
                reported.withLock { r in
                    if !r.first, let t = s.firstFrameAt {
                        r.first = true
                        log("first frame on screen \((t - started).milliseconds) ms after the output started")
                    }
                    if !r.complete, let t = s.firstCompleteFrameAt {
                        r.complete = true
                        log("first frame with labels \((t - started).milliseconds) ms after the output started")
                    }
                }
            }
            self.display = display
            stack.assumeIsolated { $0.setInvalidationHandler { display.invalidate() } }
            vt = VTSwitcher(releaseSignal: SIGUSR1, acquireSignal: SIGUSR2, onRelease: { [card] in
                display.pause()
                do { try card.dropMaster() } catch { log("vt release: \(error)") }
            }, onAcquire: { [card] in
                do { try card.setMaster() } catch { log("vt acquire: \(error)") }
                display.resume()
            })
            try display.start()
            log("display: \(summary)")
        } catch {
            stop(retainPicture: false)
            card = nil
            output = nil
            guard optional else { throw .output("\(error)") }
            log("display unusable (\(error)); running without one")
        }
    }

    public func apply(theme: DaemonTheme) {
        painter?.apply(style: theme.style, backdrop: theme.backdrop)
    }

    public func handle(signal: Int32) {
        if signal == SIGUSR1 { vt?.release() }
        if signal == SIGUSR2 { vt?.acquire() }
    }

    public func stop(retainPicture: Bool) {
        display?.stop(retainLastFrame: retainPicture)
        vt?.restore()
        vt = nil
        guard let output, let card else { return }
        if retainPicture, let front = output.front {
            do { try ConsoleHandoff.retain(output.buffers[front]) } catch { log("retain: \(error)") }
        } else if output.savedCRTC?.framebuffer ?? 0 == 0 {
            // Nothing was on screen before us (fbcon had not set a mode yet):
            // let fbcon draw the console itself.
            try? card.dropMaster()
            ConsoleHandoff.refreshTextConsole()
        }
        display = nil
    }
}

extension Duration {
    /// Whole milliseconds, for log lines.
    fileprivate var milliseconds: Int64 { hudNanoseconds / 1_000_000 }
}
