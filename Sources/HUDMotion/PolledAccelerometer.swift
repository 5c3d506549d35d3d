#if canImport(Glibc)
import HUDCore
import Glibc
#endif

/// Reads `in_accel_{x,y,z}_raw` with `pread` on files kept open. Each read
/// can block for as long as the driver takes (≈2 s per channel for lis3dh
/// under QEMU), so call it off the display loop.
public final class PolledAccelerometer: AccelerationSource {
    public let device: AccelerometerDevice
    private let channels: [RawChannelFile]
    private var readsSinceCheck = 0
    /// Reads between checks that the device is still the one opened.
    static let presenceCheckInterval = 16

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

    /// One `pread` per channel (blocks while the driver talks to the chip);
    /// the arguments are ignored, the caller paces the polls.
    public func read(timeoutMilliseconds: Int32 = 0, wakeUp: FileDescriptor? = nil) throws(MotionError) -> GravityVector? {
        // A removed device's open files may keep answering (or fail with
        // ENODEV); a cheap stat now and then notices either way.
        readsSinceCheck += 1
        if readsSinceCheck >= Self.presenceCheckInterval {
            readsSinceCheck = 0
            if let gone = channels.first(where: { !$0.isStillThere() }) {
                throw .vanished(path: gone.path)
            }
        }
        let x = try channels[0].read()
        let y = try channels[1].read()
        let z = try channels[2].read()
        return device.gravity(rawX: x, rawY: y, rawZ: z)
    }
}
