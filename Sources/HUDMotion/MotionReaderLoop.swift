import HUDCore

/// The reader's state machine, one turn at a time: open a device when due,
/// read, validate, filter; on a fault close it, ease to centre, say so once
/// and retry with backoff. Runs on the reader thread (or a test); never on
/// the display loop, because reads block.
public final class MotionReaderLoop {
    public let settings: MotionSettings
    public let log: MotionLog
    public private(set) var tracker: ParallaxTracker
    public private(set) var source: (any AccelerationSource)?
    /// Good readings so far.
    public private(set) var readings = 0
    private var backoff: RetryBackoff
    private var nextAttempt: HUDInstant?
    private var faultSaid = false
    /// When the open source last produced a reading (or was opened).
    private var lastData: HUDInstant?
    /// A buffer that stopped delivering is not tried again; polling is.
    private var bufferStalled = false
    /// How long a device-paced source may stay silent before it counts as failed.
    public static let bufferSilenceLimit: Duration = .seconds(2)
    private let discovery: AccelerometerDiscovery
    /// The sampling rate this reader raised, put back by `close()`.
    private var raised: SamplingFrequencyChange?

    public init(settings: MotionSettings, log: MotionLog) {
        self.settings = settings
        self.log = log
        tracker = ParallaxTracker(settings: settings.tracker)
        backoff = RetryBackoff(initial: settings.retryInitial, maximum: settings.retryMaximum)
        discovery = AccelerometerDiscovery(sysfsRoot: settings.sysfsRoot, devRoot: settings.devRoot, log: log,
                                           mountMatrixOverride: settings.mountMatrix)
    }

    /// One turn at `now`. Returns a tilt when the bezel's pixel offset
    /// changed, and how long to wait before the next turn (nil: wait for
    /// data from a device-paced source).
    public func turn(at now: HUDInstant, wakeUp: FileDescriptor? = nil) -> (tilt: HUDTilt?, wait: Duration) {
        if source == nil, nextAttempt.map({ now >= $0 }) ?? true { open(at: now) }
        guard let s = source else {
            let tilt = tracker.recentre(at: now)
            let untilRetry = (nextAttempt ?? now) - now
            return (tilt, tracker.isCentred ? untilRetry : min(settings.period, untilRetry))
        }
        do throws(MotionError) {
            let timeout = Int32(clamping: settings.period.hudNanoseconds / 1_000_000 * 4 + 100)
            guard let g = try s.read(timeoutMilliseconds: timeout, wakeUp: wakeUp) else {
                if let last = lastData, now - last > Self.bufferSilenceLimit {
                    bufferStalled = true
                    throw MotionError.buffer(path: s.device.directory,
                                             reason: "no data from the buffer for \(Self.bufferSilenceLimit); switching to polling sysfs")
                }
                return (nil, .zero)
            }
            let valid = try g.validated()
            readings += 1
            lastData = now
            if faultSaid {
                faultSaid = false
                log.forget("fault")
                log.say("accelerometer \(s.device.label) reads again")
            }
            backoff.reset()
            return (tracker.take(valid, at: now), s.isPacedByDevice ? .zero : settings.period)
        } catch {
            fail(s.device.label, error, at: now)
            return (tracker.recentre(at: now), settings.period)
        }
    }

    private func open(at now: HUDInstant) {
        do {
            let device = try discovery.find(settings.device)
            var opened: (any AccelerationSource)?
            // Polled or buffered, the chip's output rate must keep up with ours.
            raised?.restore()
            raised = SamplingFrequencySetter.apply(rate: settings.rate, to: device)
            if settings.preferBuffer, !bufferStalled, device.buffer != nil {
                do { opened = try BufferedAccelerometer(device: device) } catch {
                    log.sayOnce("buffer:" + device.directory, "accelerometer \(device.label): buffered read unavailable (\(error)); polling sysfs")
                }
            }
            if opened == nil { opened = try PolledAccelerometer(device: device) }
            source = opened
            lastData = now
            log.forget("absent")
            if let opened {
                log.sayOnce("using:" + device.directory, "accelerometer \(device.label): \(device.selectionReason); \(opened.modeDescription)")
            }
        } catch {
            if case .noAccelerometer = error {
                log.sayOnce("absent", "\(error); parallax off (looking again later)")
                nextAttempt = now + backoff.take()
            } else {
                fail(settings.device ?? "accelerometer", error, at: now)
            }
        }
    }

    /// The reader is done: the device's sampling rate goes back to what it was.
    public func close() {
        source = nil
        if let line = raised?.restore() { log.say("accelerometer: \(line)") }
        raised = nil
    }

    private func fail(_ label: String, _ error: MotionError, at now: HUDInstant) {
        source = nil
        let delay = backoff.take()
        nextAttempt = now + delay
        if log.sayOnce("fault", "accelerometer \(label): \(error); parallax eases back to centre, retrying with backoff (first in \(delay))") {
            faultSaid = true
        }
    }
}
