import Glibc
import HUDCore
import HUDDaemon
import HUDKMS
import KioskHUD

/// `hud demo` on a DRM/KMS display: every mode in turn, a few seconds each,
/// progress modes filling up, then the console comes back. Ctrl-C ends it
/// early with the console restored.
///
/// Everything it owns is touched only on its event loop.
final class DemoOnDisplay: @unchecked Sendable {
    static let scenes: [(HUDMode, String)] = [
        (.indeterminate, "Loading…"),
        (.determinate, "Downloading"),
        (.annularDeterminate, "Installing"),
        (.determinateHorizontalBar, "Updating firmware"),
        (.success, "Done"),
        (.failure, "Update failed"),
        (.text, "Please wait"),
    ]

    private let loop: EventLoop
    private let stack: HUDStack
    private let output: KMSDaemonOutput
    private var signals: SignalWatcher?
    private var hud: HUD?
    private let done: (read: Int32, write: Int32)
    private var finished = false

    /// Runs the demo to its end; returns the exit status.
    static func run(configuration: HUDConfiguration, themeFile: String?, secondsPerMode: Double) -> Int32 {
        SignalWatcher.block([SIGINT, SIGTERM, SIGUSR1, SIGUSR2])
        var theme = DaemonTheme()
        if let themeFile {
            do {
                let loaded = try DaemonTheme.load(file: themeFile)
                theme = loaded.theme
                for w in loaded.warnings { StandardError.write("hud demo: \(w)\n") }
            } catch {
                StandardError.write("hud demo: \(error); using the built-in theme\n")
            }
        }
        do {
            let demo = try DemoOnDisplay()
            return demo.play(configuration, theme: theme, secondsPerMode: secondsPerMode)
        } catch {
            StandardError.write("hud demo: \(error)\n")
            return 1
        }
    }

    private init() throws {
        loop = try EventLoop()
        stack = HUDStack(loop: loop)
        output = KMSDaemonOutput(device: nil, cardWait: .zero) { StandardError.write("hud demo: \($0)\n") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw EventLoopError(call: "pipe", errno: errno) }
        done = (fds[0], fds[1])
    }

    private func play(_ base: HUDConfiguration, theme: DaemonTheme, secondsPerMode: Double) -> Int32 {
        loop.execute { [self] in
            do {
                signals = try SignalWatcher(signals: [SIGINT, SIGTERM, SIGUSR1, SIGUSR2], loop: loop) { [self] signal in
                    if signal == SIGUSR1 || signal == SIGUSR2 { output.handle(signal: signal) } else { finish(128 + signal) }
                }
            } catch {
                StandardError.write("hud demo: \(error)\n")
                finish(1)
                return
            }
            let failure: String? = stack.assumeIsolated { stack in
                do { try output.start(stack: stack, theme: theme) } catch { return "\(error)" }
                return nil
            }
            if let failure {
                StandardError.write("hud demo: \(failure)\n")
                finish(1)
                return
            }
            print("hud demo: \(output.summary); \(Self.scenes.count) modes, \(secondsPerMode) s each (Ctrl-C ends)")
            let step = Duration.hudSeconds(secondsPerMode)
            let start = loop.now()
            for (i, scene) in Self.scenes.enumerated() {
                loop.schedule(at: start + step * i) { [self] in show(scene, base: base, for: step) }
            }
            loop.schedule(at: start + step * Self.scenes.count) { [self] in
                stack.assumeIsolated { if let hud { $0.hide(hud) } }
                loop.schedule(after: .milliseconds(400)) { [self] in finish(0) }
            }
        }
        var code: Int32 = 1
        _ = read(done.read, &code, 4)
        return code
    }

    private func show(_ scene: (HUDMode, String), base: HUDConfiguration, for step: Duration) {
        stack.assumeIsolated { stack in
            var c = base
            c.mode = scene.0
            if c.label.text.isEmpty { c.label.text = scene.1 }
            let shown: HUD
            if let hud {
                stack.update(hud) { $0 = c }
                shown = hud
            } else {
                shown = stack.makeHUD(c)
                stack.show(shown)
                hud = shown
            }
            let ramp = scene.0.showsProgress
                ? ProgressRamp(start: loop.now(), duration: step.hudSeconds * 0.8, clock: loop.clock) : nil
            stack.setProgressSource(ramp, for: shown)
        }
    }

    private func finish(_ code: Int32) {
        guard !finished else { return }
        finished = true
        output.stop(retainPicture: false)
        signals = nil
        var code = code
        _ = write(done.write, &code, 4)
    }
}
