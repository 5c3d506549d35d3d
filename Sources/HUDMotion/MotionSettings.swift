/// What the motion reader reads and how often.
public struct MotionSettings: Hashable, Sendable {
    /// Root of sysfs (tests point this at a fake tree).
    public var sysfsRoot = "/sys"
    /// Where `iio:deviceN` nodes live.
    public var devRoot = "/dev"
    /// Device selector for `AccelerometerDiscovery.find` (name, id or path); nil picks the first.
    public var device: String?
    /// Polls per second when polling sysfs (also the sampling_frequency floor).
    public var rate: Double = 30 { didSet { if !(rate.isFinite && rate > 0) { rate = oldValue } } }
    /// Replaces the device's mount matrix (theme `motion.mountMatrix`,
    /// `--mount-matrix`), as udev's ACCEL_MOUNT_MATRIX does for iio-sensor-proxy.
    public var mountMatrix: MountMatrix?
    /// Use the buffered interface when the device offers one.
    public var preferBuffer = true
    public var tracker = ParallaxTracker.Settings()
    /// First retry delay after a fault; doubles up to `retryMaximum`.
    public var retryInitial: Duration = .seconds(1)
    public var retryMaximum: Duration = .seconds(30)

    public init() {}

    /// The poll period.
    public var period: Duration { .hudSeconds(1 / rate) }
}
