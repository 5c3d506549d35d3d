import HUDCore

/// An open accelerometer that yields gravity readings (polled sysfs or the
/// buffered character device). Used from one thread only.
public protocol AccelerationSource: AnyObject {
    var device: AccelerometerDevice { get }
    /// How it reads, for people debugging a sensor.
    var modeDescription: String { get }
    /// True when the device paces readings (buffered): `read` waits for
    /// data. False when the caller paces the polls.
    var isPacedByDevice: Bool { get }
    /// One reading in the device frame, not yet validated. May return nil
    /// when `wakeUp` became readable or `timeoutMilliseconds` passed with no
    /// data (only a device-paced source waits).
    func read(timeoutMilliseconds: Int32, wakeUp: FileDescriptor?) throws(MotionError) -> GravityVector?
}
