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

    static let parser = OptionParser(command: "motion", summary: """
        Reads the IIO accelerometer the parallax effect would use and prints the
        device picked and why, the scale, offset and mount matrix applied, the
        gravity vector in m/s² in the display's frame and the bezel offset.
        Tilt: lowering the panel's right edge moves the bezel right, lowering its
        bottom edge moves it down (MBProgressHUD's motion effect), ±amplitude × scale
        pixels when the edge points straight down.
        Exit status: 0 ok, 1 no usable accelerometer, 2 bad options.
        """, options: [
            .init(name: "sysfs-root", placeholder: "DIR", help: "sysfs to search (default /sys)"),
            .init(name: "dev-root", placeholder: "DIR", help: "where iio:deviceN nodes are (default /dev)"),
            .init(name: "device", placeholder: "NAME", help: "driver name (lis3dh), id (iio:device1) or device path"),
            .init(name: "once", placeholder: nil, help: "one reading, then exit"),
            .init(name: "rate", placeholder: "HZ", help: "readings per second (default 30)"),
            .init(name: "rotation", placeholder: "DEG", help: "image rotation on the panel, clockwise: 0, 90, 180, 270"),
            .init(name: "scale", placeholder: "S", help: "output pixels per point (default 1)"),
            .init(name: "amplitude", placeholder: "PT", help: "bezel shift at full tilt in points (default 10)"),
            .init(name: "neutral", placeholder: "POSE", help: "flat (default: centred lying flat) or start (centred as held at start)"),
            .init(name: "no-buffer", placeholder: nil, help: "poll sysfs even if the device has a buffered interface"),
            .init(name: "raise-rate", placeholder: nil, help: "raise the sensor's sampling_frequency to --rate for this run (restored on exit; by default nothing is changed)"),
            .init(name: "mount-matrix", placeholder: "M", help: "use this mount matrix (\"x,y,z; x,y,z; x,y,z\") instead of the device's"),
            .init(name: "cpu-seconds", placeholder: "N", help: "run the background reader for N s and print its CPU cost"),
        ])

    struct Options {
        var settings = MotionSettings()
        var once = false
        var raiseRate = false
        var cpuSeconds: Double?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            guard let o = try parse(arguments) else {
                out(parser.help)
                return 0
            }
            options = o
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
        if let seconds = options.cpuSeconds { return measureCPU(options.settings, seconds: seconds) }
        return read(options)
    }

    /// nil: help was asked for.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Options? {
        guard let o = try parser.parse(arguments) else { return nil }
        var options = Options()
        if let v = o.string("sysfs-root") { options.settings.sysfsRoot = v }
        if let v = o.string("dev-root") { options.settings.devRoot = v }
        if let v = o.string("device") { options.settings.device = v }
        if let r = try o.double("rate", in: 0.01...1000) { options.settings.rate = r }
        if let r = try o.choice("rotation", ["0": ScreenRotation.none, "90": .clockwise90, "180": .upsideDown, "270": .counterClockwise90]) {
            options.settings.tracker.mapping.rotation = r
        }
        if let v = try o.double("scale", in: 0.01...16) { options.settings.tracker.outputScale = v }
        if let n = try o.choice("neutral", ["flat": NeutralAttitude.flat, "start": .start]) { options.settings.tracker.neutral = n }
        if let a = try o.double("amplitude", in: 0...1000) { options.settings.tracker.amplitude = a }
        if let m = o.string("mount-matrix") {
            do { options.settings.mountMatrix = try MountMatrix(parsing: m, path: "--mount-matrix") } catch {
                throw CommandLineError("hud motion: \(error)")
            }
        }
        options.cpuSeconds = try o.double("cpu-seconds", in: 0.01...3600)
        options.once = o.flag("once")
        options.settings.preferBuffer = !o.flag("no-buffer")
        options.raiseRate = o.flag("raise-rate")
        return options
    }

    // MARK: reading

    static func read(_ options: Options) -> Int32 {
        let settings = options.settings
        let log = MotionLog { StandardError.write("hud motion: \($0)\n") }
        let discovery = AccelerometerDiscovery(sysfsRoot: settings.sysfsRoot, devRoot: settings.devRoot, log: log,
                                               mountMatrixOverride: settings.mountMatrix)
        let device: AccelerometerDevice
        do { device = try discovery.find(settings.device) } catch {
            StandardError.write("hud motion: \(error)\n")
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
        defer { if let line = change?.restore() { StandardError.write("hud motion: \(line)\n") } }
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
                StandardError.write("hud motion: \(error)\n")
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
                    StandardError.write("hud motion: no reading arrived from \(device.label)\n")
                    return 1
                }
                out(describe(g, settings: settings, filtered: nil) + "\n")
                return 0
            } catch {
                StandardError.write("hud motion: \(error)\n")
                return 1
            }
        }
        return live(source, discovery: discovery, settings: settings)
    }

    /// Waits up to 10 s for a device-paced reading; a polled one is immediate.
    static func readOne(_ source: any AccelerationSource) throws(MotionError) -> GravityVector? {
        for _ in 0..<100 {
            if let g = try source.read(timeoutMilliseconds: 100, wakeUp: nil) { return try g.validated() }
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
                    if let raw = try s.read(timeoutMilliseconds: 1000, wakeUp: nil) {
                        let g = try raw.validated()
                        let now = clock.now()
                        _ = tracker.take(g, at: now)
                        let t = (now - startTime).hudSeconds
                        out("t=\(fixed(t, 2))s " + describe(g, settings: settings, filtered: tracker.pixels) + "\n")
                    }
                } catch {
                    StandardError.write("hud motion: \(error); retrying in 1 s\n")
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
        let log = MotionLog { StandardError.write("hud motion: \($0)\n") }
        let changes = Atomic<Int>(0)
        let reader: MotionReader
        do {
            reader = try MotionReader(settings: settings, log: log) { _ in changes.add(1, ordering: .relaxed) }
        } catch {
            StandardError.write("hud motion: \(error)\n")
            return 1
        }
        let before = cpuTime()
        let wallStart = SystemClock.shared.now()
        do { try reader.start() } catch {
            StandardError.write("hud motion: \(error)\n")
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
