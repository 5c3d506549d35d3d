/// One accelerometer found under `<sysfs>/bus/iio/devices`, with everything
/// needed to turn its raw counts into a gravity vector in the device frame.
public struct AccelerometerDevice: Hashable, Sendable {
    /// e.g. `/sys/bus/iio/devices/iio:device0`.
    public var directory: String
    /// e.g. `iio:device0`.
    public var id: String
    /// The driver's `name` attribute (e.g. "lis3dh"), "" when absent.
    public var name: String
    /// Why this device was picked, for people debugging a sensor.
    public var selectionReason: String
    /// x, y, z.
    public var axes: [AxisCalibration]
    public var mountMatrix: MountMatrix
    /// The matrix attribute used, or what happened ("none: identity").
    public var mountMatrixSource: String
    /// `in_accel_sampling_frequency` or `sampling_frequency`, when present.
    public var samplingFrequency: SysfsAttribute?
    /// The matching `*_available` list, when present.
    public var samplingFrequencyAvailable: SysfsAttribute?
    /// Nil when the device has no usable buffered interface.
    public var buffer: IIOBufferSupport?
    /// Why there is no buffer (when `buffer` is nil).
    public var bufferUnavailableReason: String?

    public static let axisNames = ["x", "y", "z"]

    /// "iio:device0 (lis3dh)".
    public var label: String { name.isEmpty ? id : "\(id) (\(name))" }

    /// Raw counts → m/s² → mount matrix.
    public func gravity(rawX: Int64, rawY: Int64, rawZ: Int64) -> GravityVector {
        mountMatrix.apply(GravityVector(x: axes[0].metresPerSecondSquared(raw: rawX),
                                        y: axes[1].metresPerSecondSquared(raw: rawY),
                                        z: axes[2].metresPerSecondSquared(raw: rawZ)))
    }
}
