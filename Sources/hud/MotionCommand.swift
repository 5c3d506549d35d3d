import HUDCore
import HUDMotion
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Set by SIGINT so the live loop ends cleanly (and a buffer gets disabled).
private let interrupted = Atomic<Bool>(false)

/// `hud motion`: for people debugging a sensor. Prints which accelerometer
/// was picked and why, the scale, offset and mount matrix applied, gravity
/// in the display's frame and the bezel offset it gives.
enum MotionCommand {
    static let subcommand = Subcommand(
        name: "motion", summary: "show what the accelerometer reads and the bezel offset it gives",
        run: { MotionCommand.run($0) })

    static let help = """
        usage: hud motion [options]

        Reads the IIO accelerometer the parallax effect would use and prints the
        device picked and why, the scale, offset and mount matrix applied, the
        gravity vector in m/s² in the display's frame and the bezel offset.

          --sysfs-root DIR   sysfs to search (default /sys)
          --dev-root DIR     where iio:deviceN nodes are (default /dev)
          --device NAME      driver name (lis3dh), id (iio:device1) or device path
          --once             one reading, then exit
          --rate HZ          readings per second (default 30)
          --rotation DEG     image rotation on the panel, clockwise: 0, 90, 180, 270
          --scale S          output pixels per point (default 1)
          --amplitude PT     bezel shift at full tilt in points (default 10)
          --neutral POSE     flat (default: centred lying flat) or start (centred as held at start)
          --no-buffer        poll sysfs even if the device has a buffered interface
          --raise-rate       raise the sensor's sampling_frequency to --rate for this run
                             (restored on exit; by default nothing is changed)
          --mount-matrix M   use this mount matrix ("x,y,z; x,y,z; x,y,z") instead of the device's
          --cpu-seconds N    run the background reader for N s and print its CPU cost
          --help             this text

        Tilt: lowering the panel's right edge moves the bezel right, lowering its
        bottom edge moves it down (MBProgressHUD's motion effect), ±amplitude × scale
        pixels when the edge points straight down.
        Exit status: 0 ok, 1 no usable accelerometer, 2 bad options.

        """

    struct Options {
        var settings = MotionSettings()
        var once = false
        var raiseRate = false
        var cpuSeconds: Double?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .help:
            out(help)
            return 0
        case .failure(let message):
            err("hud motion: \(message)\nTry `hud motion --help`.\n")
            return 2
        case .options(let o):
            options = o
        }
        if let seconds = options.cpuSeconds { return measureCPU(options.settings, seconds: seconds) }
        return read(options)
    }

    enum ParseResult {
        case options(Options)
        case help
        case failure(String)
    }

    /// Flags: name → (takes a value, apply). Table-driven; unknown flags,
    /// missing values and values out of range are errors that name the flag.
    static func parse(_ arguments: [String]) -> ParseResult {
        typealias Apply = (inout Options, String) -> String?
        let valued: [String: Apply] = [
            "--sysfs-root": { o, v in o.settings.sysfsRoot = v; return nil },
            "--dev-root": { o, v in o.settings.devRoot = v; return nil },
            "--device": { o, v in o.settings.device = v; return nil },
            "--rate": { o, v in
                guard let r = Double(v), r.isFinite, r > 0, r <= 1000 else { return "--rate wants a number of Hz in (0, 1000], got \"\(v)\"" }
                o.settings.rate = r; return nil
            },
            "--rotation": { o, v in
                guard let d = Int(v), let r = DisplayRotation(rawValue: d) else { return "--rotation wants 0, 90, 180 or 270, got \"\(v)\"" }
                o.settings.tracker.mapping.rotation = r; return nil
            },
            "--scale": { o, v in
                guard let s = Double(v), s.isFinite, s > 0, s <= 16 else { return "--scale wants a number in (0, 16], got \"\(v)\"" }
                o.settings.tracker.outputScale = s; return nil
            },
            "--neutral": { o, v in
                guard let n = NeutralAttitude(rawValue: v) else { return "--neutral wants flat or start, got \"\(v)\"" }
                o.settings.tracker.neutral = n; return nil
            },
            "--amplitude": { o, v in
                guard let a = Double(v), a.isFinite, a >= 0, a <= 1000 else { return "--amplitude wants points in [0, 1000], got \"\(v)\"" }
                o.settings.tracker.amplitude = a; return nil
            },
            "--mount-matrix": { o, v in
                do { o.settings.mountMatrix = try MountMatrix(parsing: v, path: "--mount-matrix") } catch { return "\(error)" }
                return nil
            },
            "--cpu-seconds": { o, v in
                guard let s = Double(v), s.isFinite, s > 0, s <= 3600 else { return "--cpu-seconds wants seconds in (0, 3600], got \"\(v)\"" }
                o.cpuSeconds = s; return nil
            },
        ]
        let switches: [String: (inout Options) -> Void] = [
            "--once": { $0.once = true },
            "--no-buffer": { $0.settings.preferBuffer = false },
            "--raise-rate": { $0.raiseRate = true },
        ]
        var options = Options()
        var i = 0
        while i < arguments.count {
            var flag = arguments[i]
            var inlineValue: String?
            if flag.hasPrefix("--"), let eq = flag.firstIndex(of: "=") {
                inlineValue = String(flag[flag.index(after: eq)...])
                flag = String(flag[..<eq])
            }
            if flag == "--help" || flag == "-h" { return .help }
            if let apply = switches[flag] {
                if inlineValue != nil { return .failure("\(flag) takes no value") }
                apply(&options)
            } else if let apply = valued[flag] {
                let value: String
                if let inlineValue { value = inlineValue } else {
                    guard i + 1 < arguments.count else { return .failure("\(flag) needs a value") }
                    i += 1
                    value = arguments[i]
                }
                if let problem = apply(&options, value) { return .failure(problem) }
            } else {
                return .failure("unknown option \"\(flag)\"")
            }
            i += 1
        }
        return .options(options)
    }

    // MARK: reading

    static func read(_ options: Options) -> Int32 {
        let settings = options.settings
        let log = MotionLog { err("hud motion: \($0)\n") }
        let discovery = AccelerometerDiscovery(sysfsRoot: settings.sysfsRoot, devRoot: settings.devRoot, log: log,
                                               mountMatrixOverride: settings.mountMatrix)
        let device: AccelerometerDevice
        do { device = try discovery.find(settings.device) } catch {
            err("hud motion: \(error)\n")
            return 1
        }
        var lines = ["device: \(device.label) at \(device.directory)", "  picked: \(device.selectionReason)"]
        // Before the buffer: drivers may refuse an ODR change while it runs.
        let change: SamplingFrequencyChange?
        if options.raiseRate {
            change = SamplingFrequencySetter.apply(rate: settings.rate, to: device)
            lines.append("  sampling: " + (change?.description ?? ""))
        } else {
            change = nil
            lines.append("  sampling: " + SamplingFrequencySetter.describe(rate: settings.rate, device: device))
        }
        defer { if let line = change?.restore() { err("hud motion: \(line)\n") } }
        var source: (any AccelerationSource)?
        if settings.preferBuffer, device.buffer != nil {
            do { source = try BufferedAccelerometer(device: device) } catch {
                lines.append("  buffer: not used (\(error))")
            }
        } else if let why = device.bufferUnavailableReason {
            lines.append("  buffer: none (\(why))")
        }
        if source == nil {
            do { source = try PolledAccelerometer(device: device) } catch {
                out(lines.joined(separator: "\n") + "\n")
                err("hud motion: \(error)\n")
                return 1
            }
        }
        guard let source else { return 1 }
        lines.append("  reading: \(source.modeDescription)")
        for (axis, cal) in zip(AccelerometerDevice.axisNames, device.axes) {
            lines.append("  \(axis): (raw + \(number(cal.offset))) × \(number(cal.scale))"
                + "  [scale: \(cal.scaleSource ?? "none, 1"); offset: \(cal.offsetSource ?? "none, 0")]")
        }
        lines.append("  mount matrix: \(device.mountMatrix)  [\(device.mountMatrixSource)]")
        let t = settings.tracker
        lines.append("  display: rotation \(t.mapping.rotation), scale \(number(t.outputScale)), amplitude \(number(t.amplitude)) pt")
        out(lines.joined(separator: "\n") + "\n")

        if options.once {
            do {
                guard let g = try readOne(source) else {
                    err("hud motion: no reading arrived from \(device.label)\n")
                    return 1
                }
                out(describe(g, settings: settings, filtered: nil) + "\n")
                return 0
            } catch {
                err("hud motion: \(error)\n")
                return 1
            }
        }
        return live(source, discovery: discovery, settings: settings)
    }

    /// Waits up to 10 s for a device-paced reading; a polled one is immediate.
    static func readOne(_ source: any AccelerationSource) throws(MotionError) -> GravityVector? {
        for _ in 0..<100 {
            if let g = try source.read(timeoutMilliseconds: 100, wakeFD: -1) { return try g.validated() }
            if interrupted.load(ordering: .relaxed) { return nil }
        }
        return nil
    }

    /// A line per reading until SIGINT; a failing or vanished device is
    /// looked up again (same --device selector) every second.
    static func live(_ first: any AccelerationSource, discovery: AccelerometerDiscovery, settings: MotionSettings) -> Int32 {
        signal(SIGINT) { _ in interrupted.store(true, ordering: .relaxed) }
        var source: (any AccelerationSource)? = first
        var tracker = ParallaxTracker(settings: settings.tracker)
        let clock = SystemClock.shared
        let startTime = clock.now()
        while !interrupted.load(ordering: .relaxed) {
            let turn = clock.now()
            if source == nil, let device = try? discovery.find(settings.device) {
                if settings.preferBuffer, device.buffer != nil { source = try? BufferedAccelerometer(device: device) }
                if source == nil { source = try? PolledAccelerometer(device: device) }
                if let s = source { out("reopened \(s.device.label): \(s.modeDescription)\n") }
            }
            if let s = source {
                do {
                    if let raw = try s.read(timeoutMilliseconds: 1000, wakeFD: -1) {
                        let g = try raw.validated()
                        let now = clock.now()
                        _ = tracker.take(g, at: now)
                        let t = (now - startTime).hudSeconds
                        out("t=\(fixed(t, 2))s " + describe(g, settings: settings, filtered: tracker.pixels) + "\n")
                    }
                } catch {
                    err("hud motion: \(error); retrying in 1 s\n")
                    source = nil
                    pause(.seconds(1))
                    continue
                }
            } else {
                pause(.seconds(1))
                continue
            }
            if let s = source, !s.isPacedByDevice {
                let left = (turn + settings.period) - clock.now()
                if left > .zero { pause(left) }
            }
        }
        return 0
    }

    static func describe(_ g: GravityVector, settings: MotionSettings, filtered: ParallaxPixelOffset?) -> String {
        let t = settings.tracker
        let d = t.mapping.displayFrame(g)
        let tilt = t.mapping.tilt(for: g)
        let now = ParallaxPixelOffset(tilt: tilt, amplitude: t.amplitude, scale: t.outputScale)
        var s = "gravity (display frame) x \(fixed(d.x, 3)) y \(fixed(d.y, 3)) z \(fixed(d.z, 3)) m/s² |g| \(fixed(g.magnitude, 3))"
            + "  tilt x \(fixed(tilt.x, 3)) y \(fixed(tilt.y, 3))  bezel offset \(now)"
        if let filtered { s += " (filtered \(filtered))" }
        return s
    }

    // MARK: CPU cost of the background reader

    static func measureCPU(_ settings: MotionSettings, seconds: Double) -> Int32 {
        let log = MotionLog { err("hud motion: \($0)\n") }
        let changes = Atomic<Int>(0)
        let reader: MotionReader
        do {
            reader = try MotionReader(settings: settings, log: log) { _ in changes.add(1, ordering: .relaxed) }
        } catch {
            err("hud motion: \(error)\n")
            return 1
        }
        let before = cpuTime()
        let wallStart = SystemClock.shared.now()
        do { try reader.start() } catch {
            err("hud motion: \(error)\n")
            return 1
        }
        pause(.hudSeconds(seconds))
        reader.stop(wait: true)
        let wall = (SystemClock.shared.now() - wallStart).hudSeconds
        let after = cpuTime()
        let user = after.user - before.user, system = after.system - before.system
        out("reader: \(reader.readings) readings in \(fixed(wall, 2)) s at \(number(settings.rate)) Hz, "
            + "\(changes.load(ordering: .relaxed)) tilt changes\n"
            + "CPU: user \(fixed(user * 1000, 1)) ms + system \(fixed(system * 1000, 1)) ms = "
            + "\(fixed((user + system) * 1000 / wall, 2)) ms per second (\(fixed((user + system) * 100 / wall, 3)) % of one core)\n")
        return reader.readings > 0 ? 0 : 1
    }

    /// Process CPU time (`getrusage(RUSAGE_SELF)`), seconds.
    static func cpuTime() -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    // MARK: output helpers

    static func pause(_ d: Duration) {
        var ts = timespec(tv_sec: Int(d.components.seconds), tv_nsec: Int(d.components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&ts, &left) != 0, errno == EINTR, !interrupted.load(ordering: .relaxed) { ts = left }
    }

    static func out(_ text: String) { _ = text.withCString { write(1, $0, strlen($0)) } }
    static func err(_ text: String) { StandardError.write(text) }

    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }

    /// `v` with `digits` decimals, without Foundation's String(format:).
    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return String(v) }
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let scaled = (abs(v) * p).rounded()
        guard scaled < 9e15 else { return String(v) }
        let whole = Int(scaled) / Int(p), frac = Int(scaled) % Int(p)
        var f = String(frac)
        while f.count < digits { f = "0" + f }
        return (v < 0 && scaled > 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + f : "")
    }
}
