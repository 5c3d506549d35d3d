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
    private let screen: HUDScreen
    private var signals: SignalWatcher?
    private var hud: HUD?
    private let done: (read: Int32, write: Int32)
    private var finished = false

    /// Runs the demo to its end; returns the exit status.
    static func run(configuration: HUDConfiguration, themeFile: String?, secondsPerMode: Double) -> Int32 {
        SignalWatcher.block([.interrupt, .terminate, .user1, .user2])
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
            let demo = try DemoOnDisplay(look: theme.look)
            return demo.run(configuration, secondsPerMode: secondsPerMode)
        } catch {
            StandardError.write("hud demo: \(error)\n")
            return 1
        }
    }

    private init(look: ScreenLook) throws {
        loop = try EventLoop()
        stack = HUDStack(loop: loop)
        var options = HUDScreen.Options()
        options.output = .kms(device: nil)
        options.cardWait = .zero
        options.look = look
        options.log = { StandardError.write("hud demo: \($0)\n") }
        screen = HUDScreen(stack: stack, options: options)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SystemError(call: "pipe", errno: .current) }
        done = (fds[0], fds[1])
    }

    private func run(_ base: HUDConfiguration, secondsPerMode: Double) -> Int32 {
        loop.execute { [self] in
            do {
                signals = try SignalWatcher(signals: [.interrupt, .terminate], loop: loop) { [self] signal in finish(128 + signal.rawValue) }
            } catch {
                StandardError.write("hud demo: \(error)\n")
                finish(1)
                return
            }
            do { try screen.start() } catch {
                StandardError.write("hud demo: \(error)\n")
                finish(1)
                return
            }
            screen.whenShowing { [self] failure in
                if let failure {
                    StandardError.write("hud demo: \(failure)\n")
                    finish(1)
                } else {
                    play(base, secondsPerMode: secondsPerMode)
                }
            }
        }
        var code: Int32 = 1
        _ = read(done.read, &code, 4)
        return code
    }

    private func play(_ base: HUDConfiguration, secondsPerMode: Double) {
        print("hud demo: \(screen.summary); \(Self.scenes.count) modes, \(secondsPerMode) s each (Ctrl-C ends)")
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
        screen.stop(retainPicture: false)
        signals = nil
        var code = code
        _ = write(done.write, &code, 4)
    }
}
