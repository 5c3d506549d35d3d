import HUDCore
import HUDMotion

/// MBProgressHUD's motion effect on a Linux panel: an IIO accelerometer's
/// tilt, read on the reader's own thread, handed to a `HUDStack` on its loop
/// whenever the bezel would move by a whole pixel. With no accelerometer it
/// says so once and the bezel stays centred.
public final class MotionFeed: Sendable {
    private let reader: MotionReader

    /// Starts reading; nil (after logging why) when no reader could start.
    /// - Parameters:
    ///   - amplitude: points at full tilt (`HUDConfiguration.motionAmplitude`).
    ///   - outputScale: pixels per point of the display.
    ///   - neutral: the pose that leaves the bezel centred.
    ///   - mountMatrix: replaces the sensor's `mount_matrix` (theme `motion.mountMatrix`).
    public init?(stack: HUDStack, amplitude: Double, outputScale: Double = 1,
                 rotation: ScreenRotation = .none, neutral: NeutralAttitude = .flat, mountMatrix: String? = nil,
                 log: @escaping @Sendable (String) -> Void) {
        var settings = MotionSettings()
        if let mountMatrix {
            // A theme's matrix that does not parse is an error, not a silent identity.
            do { settings.mountMatrix = try MountMatrix(parsing: mountMatrix, path: "theme motion.mountMatrix") } catch {
                log("motion: \(error); parallax off")
                return nil
            }
        }
        settings.tracker.amplitude = amplitude
        settings.tracker.outputScale = outputScale
        settings.tracker.mapping.rotation = rotation
        settings.tracker.neutral = neutral
        do {
            reader = try MotionReader(settings: settings, log: MotionLog { log("motion: \($0)") }) { tilt in
                stack.perform { $0.setTilt(tilt) }
            }
            try reader.start()
        } catch {
            log("motion: \(error); parallax off")
            return nil
        }
    }

    /// Ends the reader and waits for it (a read in progress finishes first),
    /// so the sensor's sampling rate is restored before the process exits.
    public func stop() { reader.stop(wait: true) }
}
