#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDDaemon
import HUDFrames
import HUDProtocol
import HUDKMS
import KioskHUD
import HUDMotion

/// `hud display`: shows one HUD on a DRM/KMS display until a frame count, a
/// time, or SIGINT/SIGTERM; then gives the console back (or, with
/// `--retain`, leaves the last frame on screen).
enum DisplayCommand {
    static let subcommand = Subcommand(name: "display", summary: "show a HUD on a DRM/KMS display (double-buffered, paced)",
                                       run: { main($0) })

    struct Options {
        var device: String?
        var gpuWait: Double = 8
        var mode: ModeRequest?
        var fps: Double?
        var legacy = false
        var label = ""
        var progress: Double?
        var indicator = WireMode.indeterminate
        var frames: Int?
        var seconds: Double?
        var hideAfter: Double?
        var retain = false
        var stats = false
        var animate = false
        var progressRamp: Double?
        var motion = false
        var motionNeutral = NeutralAttitude.flat
        /// `--over`: a picture under the HUD, as an app's would be.
        var content: ScreenContent?
        var allowsOverlayPlane = true
    }

    static let parser = OptionParser(command: "display", summary: """
        Shows one HUD on a DRM/KMS display until a frame count, a time, or SIGINT/SIGTERM;
        then gives the console back (or, with --retain, leaves the last frame on screen).
        """, options: [
            .init(name: "device", placeholder: "PATH", help: "DRM card (default: every card with a connected connector)"),
            .init(name: "gpu-wait", placeholder: "SECONDS", help: "wait this long for a card to appear (default 8)"),
            .init(name: "mode", placeholder: "WxH[@Hz]", help: "video mode (default: the connector's preferred)"),
            .init(name: "fps", placeholder: "N", help: "frame rate cap (default: the mode's refresh rate)"),
            .init(name: "legacy", placeholder: nil, help: "use drmModeSetCrtc + drmModePageFlip even if atomic works"),
            .init(name: "label", placeholder: "TEXT", help: "label under the indicator"),
            .init(name: "progress", placeholder: "P", help: "progress 0...1 for ring and bar"),
            .init(name: "indicator", placeholder: "MODE", help: "spinner (default), pie, bar, ring, success, failure or text"),
            .init(name: "frames", placeholder: "N", help: "quit after N frames reached the screen"),
            .init(name: "seconds", placeholder: "S", help: "quit after S seconds"),
            .init(name: "hide-after", placeholder: "S", help: "hide the HUD after S seconds (the console comes back)"),
            .init(name: "retain", placeholder: nil, help: "leave the last frame on screen when quitting"),
            .init(name: "stats", placeholder: nil, help: "print timings and frame counters"),
            .init(name: "progress-ramp", placeholder: "S", help: "progress runs from 0 to 1 over S seconds (a continuous animation)"),
            .init(name: "motion", placeholder: nil, help: "bezel follows the IIO accelerometer (MBProgressHUD's motion effect, off by default)"),
            .init(name: "motion-neutral", placeholder: "flat|start", help: "pose that leaves the bezel centred: lying flat (default) or as at start (upright kiosks)"),
            .init(name: "animate", placeholder: nil, help: "fade in and out (MBProgressHUD's default) instead of appearing at once"),
            .init(name: "over", placeholder: "FILE.png", help: "show the HUD over this picture, as over an app's (scaled to the screen)"),
            .init(name: "no-overlay", placeholder: nil, help: "with --over: compose the HUD on the CPU even where an overlay plane exists"),
        ])

    /// nil: help was asked for.
    static func parse(_ args: [String]) throws(CommandLineError) -> Options? {
        guard let p = try parser.parse(args) else { return nil }
        var o = Options()
        o.device = p.string("device")
        if let w = try p.double("gpu-wait", in: 0...3600) { o.gpuWait = w }
        if let m = p.string("mode") {
            do { o.mode = try ModeRequest(parsing: m) } catch { throw CommandLineError("hud display: --mode: \(error)") }
        }
        o.fps = try p.double("fps", in: 1...1000)
        o.legacy = p.flag("legacy")
        o.label = p.string("label") ?? ""
        o.progress = try p.double("progress", in: 0...1)
        o.indicator = try p.mode("indicator") ?? .indeterminate
        if o.indicator == .image { throw CommandLineError("hud display: --indicator image: not available here (hud show --image)") }
        o.frames = try p.int("frames", in: 1...Int(Int32.max))
        o.seconds = try p.double("seconds", in: 0...86400)
        o.hideAfter = try p.double("hide-after", in: 0...86400)
        o.retain = p.flag("retain")
        o.stats = p.flag("stats")
        o.progressRamp = try p.double("progress-ramp", in: 0.001...86400)
        o.motion = p.flag("motion")
        o.motionNeutral = try p.choice("motion-neutral", ["flat": NeutralAttitude.flat, "start": .start]) ?? .flat
        o.animate = p.flag("animate")
        if let over = p.string("over") {
            do { o.content = try ScreenContent(pngAt: over) } catch { throw CommandLineError("hud display: --over: \(error)") }
        }
        o.allowsOverlayPlane = !p.flag("no-overlay")
        return o
    }

    static func main(_ args: [String]) -> Int32 {
        let options: Options
        do {
            guard let o = try parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            options = o
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
        // Before any thread exists: signals arrive through a signalfd on the loop.
        SignalWatcher.block([.interrupt, .terminate, .user1, .user2])
        do {
            return try DisplaySession(options: options).run()
        } catch {
            StandardError.write("hud display: \(error)\n")
            return 1
        }
    }
}

/// One `hud display` run, on the façade (`HUDScreen`, one KMS card);
/// everything after `run()` starts lives on the loop.
final class DisplaySession: @unchecked Sendable {
    let options: DisplayCommand.Options
    let loop: EventLoop
    let stack: HUDStack
    let screen: HUDScreen
    var signals: SignalWatcher?
    let startNanoseconds: Int64
    let done: (read: Int32, write: Int32)
    var exitCode: Int32 = 0
    var finished = false
    var steadyStart: (time: HUDInstant, cpu: (user: Double, system: Double), wakeUps: Int)?
    var steadyScheduled = false
    var framesReported = 0
    /// With `--motion`: the bezel's origin in the last `bezel-at=` line.
    var bezelReported: (x: Int, y: Int)?
    /// Start-up milestones, printed with the first frame.
    var phases: [(String, HUDInstant)] = []

    init(options: DisplayCommand.Options) throws {
        self.options = options
        startNanoseconds = Self.processStartNanoseconds()
        phases.append(("main", SystemClock.shared.now()))
        loop = try EventLoop()
        stack = HUDStack(loop: loop)
        var screenOptions = HUDScreen.Options()
        screenOptions.output = .kms(device: options.device)
        screenOptions.cardWait = .hudSeconds(options.gpuWait)
        screenOptions.mode = options.mode
        screenOptions.forceLegacy = options.legacy
        screenOptions.fpsCap = options.fps
        screenOptions.content = options.content
        screenOptions.allowsOverlayPlane = options.allowsOverlayPlane
        if options.motion {
            screenOptions.look.motion = .init(amplitude: HUDConfiguration().motionAmplitude, neutral: options.motionNeutral)
        }
        screenOptions.log = { StandardError.write("hud display: \($0)\n") }
        screen = HUDScreen(stack: stack, options: screenOptions)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SystemError(call: "pipe", errno: .current) }
        done = (fds[0], fds[1])
    }

    /// CLOCK_MONOTONIC at exec: `$KIOSKHUD_T0_NS` if a launcher set it, else
    /// the process start time from /proc/self/stat (10 ms steps).
    static func processStartNanoseconds() -> Int64 {
        if let env = getenv("KIOSKHUD_T0_NS"), let t = Int64(String(cString: env)) { return t }
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let now = Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
        guard let f = fopen("/proc/self/stat", "r") else { return now }
        defer { fclose(f) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), f) != nil else { return now }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Fields after the ")" that ends the command name; starttime is field 22.
        guard let close = line.lastIndex(of: ")") else { return now }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Int64(fields[19]) else { return now }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let bootNow = Int64(boot.tv_sec) * 1_000_000_000 + Int64(boot.tv_nsec)
        let startBoot = ticks * 1_000_000_000 / Int64(sysconf(Int32(_SC_CLK_TCK)))
        return now - (bootNow - startBoot)
    }

    /// Whether a file whose name contains `name` is mapped into this process (`/proc/self/maps`).
    static func isMapped(_ name: String) -> Bool {
        guard let f = fopen("/proc/self/maps", "r") else { return false }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), f) != nil {
            if strstr(line, name) != nil { return true }
        }
        return false
    }

    /// Prints a `--stats` line; the line is not even built without `--stats`.
    func say(_ line: @autoclosure () -> String) {
        guard options.stats else { return }
        print("stats: " + line())
        fflush(nil)
    }

    func ms(_ t: HUDInstant) -> String {
        let v = Double(t.nanoseconds - startNanoseconds) / 1e6
        return String(Int((v * 10).rounded())).withDecimal
    }

    /// CPU seconds used so far: (user, system), `getrusage(RUSAGE_SELF)`.
    static func cpuSeconds() -> (user: Double, system: Double) {
        var u = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &u)
        return (Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6,
                Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6)
    }

    func configuration() -> HUDConfiguration {
        var c = HUDConfiguration()
        c.mode = options.indicator.hudMode(imagePath: "")
        c.label.text = options.label
        c.progress = options.progress ?? 0
        c.motionEffectEnabled = options.motion
        return c
    }

    func run() throws -> Int32 {
        let animate = options.animate
        let config = configuration()
        let hideAfter = options.hideAfter
        signals = try SignalWatcher(signals: [.interrupt, .terminate], loop: loop) { [self] signal in
            say("signal \(signal)")
            finish(code: 0)
        }
        screen.onFramePresented = { [self] in framePresented() }
        screen.onScreenReleased = { [self] in say("console-restored-ms=\(ms(loop.now()))") }
        loop.execute { [self] in
            phases.append(("loop", loop.now()))
            // The HUD is there before the screen starts: the first frame shows it.
            stack.assumeIsolated { stack in
                let hud = stack.showHUD(config, animated: animate)
                if let ramp = options.progressRamp {
                    stack.setProgressSource(ProgressRamp(start: loop.now(), duration: ramp, clock: loop.clock), for: hud)
                }
                if let hideAfter { stack.hide(hud, animated: animate, afterDelay: .hudSeconds(hideAfter)) }
            }
            do throws(HUDScreenError) { try screen.start() } catch {
                StandardError.write("hud display: \(error)\n")
                return finish(code: 1)
            }
            phases.append(("screen", loop.now()))
            screen.whenShowing { [self] failure in
                guard let failure else { return }
                StandardError.write("hud display: \(failure)\n")
                finish(code: 1)
            }
            if let s = options.seconds { loop.schedule(after: .hudSeconds(s)) { [self] in finish(code: 0) } }
        }
        var byte: UInt8 = 0
        _ = Errno.retryingOnInterrupt { read(done.read, &byte, 1) }
        return exitCode
    }

    /// After each frame on screen: the first head's start-up figures, once, and `--frames`.
    func framePresented() {
        guard !finished, let head = screen.heads.first else { return }
        let s = head.statistics
        guard s.framesPresented > framesReported else { return }
        let first = framesReported == 0
        framesReported = s.framesPresented
        if first, let t = s.firstFrameAt {
            say("device=\(head.device) api=\(head.api)\(head.legacyReason.map { " (\($0))" } ?? "") " +
                "connector=\(head.name) mode=\(head.mode) vblank=\(head.hasVBlank ? "yes" : "no") " +
                "frame-interval-ms=\(Double(head.frameInterval.hudNanoseconds / 10_000) / 100)" +
                (head.composition.map { " hud=\($0 == "composed" ? "composed" : "overlay") (\(head.compositionReason ?? $0))" } ?? ""))
            say("first-frame-ms=\(ms(t)) (" + phases.map { "\($0.0) \(ms($0.1))" }.joined(separator: ", ") + ") " +
                "painter=\(head.lastFrameWithoutCairo ? "swift" : "cairo") cairo-mapped=\(Self.isMapped("libcairo.so") ? "yes" : "no") pixman-mapped=\(Self.isMapped("libpixman-1.so") ? "yes" : "no")")
        }
        // Without the text libraries the frame never gets its labels: it is as
        // complete as it will be (no complete-frame-ms then).
        let complete = s.firstCompleteFrameAt ?? (head.drawsWithoutGraphicsLibraries ? loop.now() : nil)
        if let t = complete, !steadyScheduled {
            steadyScheduled = true
            if let l = head.layout {
                say("layout bezel=\(l.bezel.csv) indicator=\(l.indicator.csv) label=\(l.label.csv)")
            }
            if head.drawsWithoutGraphicsLibraries { say("frame-without-labels-ms=\(ms(t))") } else { say("complete-frame-ms=\(ms(t))") }
            // The steady window opens a second later: the first frames with
            // labels (the text libraries' first use: lazy binding, glyphs, both buffers
            // repainted) are start-up, not animation.
            loop.schedule(after: .seconds(1)) { [self] in
                guard !finished else { return }
                steadyStart = (loop.now(), Self.cpuSeconds(), loop.wakeUps)
            }
        }
        // With --motion, where each frame put the bezel, when it moved: a test waits for the
        // bezel to arrive where a tilt sends it before it judges the screen.
        if options.motion, let b = head.layout?.bezel, bezelReported.map({ $0 != (b.x, b.y) }) ?? true {
            bezelReported = (b.x, b.y)
            say("bezel-at=\(b.x),\(b.y)")
        }
        if let n = options.frames, s.framesPresented >= n { finish(code: 0) }
    }

    func finish(code: Int32) {
        guard !finished else { return }
        finished = true
        exitCode = code
        let s0 = steadyStart
        // Called on the loop (a timer, a signal, a frame): that wake-up ends
        // the window and is not counted in it.
        let cpu = Self.cpuSeconds(), wakeUps = loop.wakeUps - 1, now = loop.now()
        // Stopped first: the last frame's flip is waited for and counted.
        screen.stop(retainPicture: options.retain)
        if let st = screen.heads.first?.statistics {
            say("frames-rendered=\(st.framesRendered) frames-presented=\(st.framesPresented) flip-events=\(st.completionEvents) " +
                "console-restores=\(st.releases) pixels-painted=\(st.pixelsPainted)")
        }
        if let s0 {
            let window = (now - s0.time).hudSeconds
            if window > 0.2 {
                let user = (cpu.user - s0.cpu.user) / window * 100, system = (cpu.system - s0.cpu.system) / window * 100
                say("steady window-s=\(fmt(window)) cpu-percent=\(fmt(user + system)) user-percent=\(fmt(user)) " +
                    "system-percent=\(fmt(system)) wakeups-per-second=\(fmt(Double(wakeUps - s0.wakeUps) / window))")
            }
        }
        var byte: UInt8 = 1
        _ = write(done.write, &byte, 1)
    }

    func fmt(_ d: Double) -> String { String(Int((d * 100).rounded())).withDecimal2 }
}

/// Progress that runs from 0 to 1 over `duration` seconds.
struct ProgressRamp: HUDProgressSource {
    let start: HUDInstant
    let duration: Double
    let clock: any HUDClock

    func fractionCompleted() -> Double {
        min(1, (clock.now() - start).hudSeconds / duration)
    }
}

extension PixelRect {
    var csv: String { "\(x),\(y),\(width),\(height)" }
}

extension String {
    /// "1234" (tenths) → "123.4".
    var withDecimal: String { insertingPoint(1) }
    /// "1234" (hundredths) → "12.34".
    var withDecimal2: String { insertingPoint(2) }

    private func insertingPoint(_ places: Int) -> String {
        var digits = self
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        while digits.count <= places { digits = "0" + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        return (negative ? "-" : "") + digits
    }
}
