/// Reads `in_accel_{x,y,z}_raw` with `pread` on files kept open. Each read
/// can block for as long as the driver takes (≈2 s per channel for lis3dh
/// under QEMU), so call it off the display loop.
public final class PolledAccelerometer: AccelerationSource {
    public let device: AccelerometerDevice
    private let channels: [RawChannelFile]

    public init(device: AccelerometerDevice) throws(MotionError) {
        self.device = device
        var files: [RawChannelFile] = []
        for axis in AccelerometerDevice.axisNames {
            files.append(try RawChannelFile(path: "\(device.directory)/in_accel_\(axis)_raw"))
        }
        channels = files
    }

    public var modeDescription: String { "polling \(device.directory)/in_accel_{x,y,z}_raw" }
    public var isPacedByDevice: Bool { false }

    public func read(timeoutMilliseconds: Int32 = 0, wakeFD: Int32 = -1) throws(MotionError) -> GravityVector? {
        let x = try channels[0].read()
        let y = try channels[1].read()
        let z = try channels[2].read()
        return device.gravity(rawX: x, rawY: y, rawZ: z)
    }
}
