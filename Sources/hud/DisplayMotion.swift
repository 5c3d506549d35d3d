import HUDCore
import HUDMotion

extension DisplaySession {
    /// Starts the accelerometer reader (its own thread); each tilt that moves
    /// the bezel by a whole pixel is handed to the stack on the loop. Without
    /// an accelerometer the reader says so once and the bezel stays centred.
    func startMotion(amplitude: Double) {
        var settings = MotionSettings()
        settings.tracker.amplitude = amplitude
        settings.tracker.outputScale = 1
        let loop = self.loop, stack = self.stack
        let log = MotionLog { line in printError("hud display: motion: \(line)") }
        do {
            let reader = try MotionReader(settings: settings, log: log) { tilt in
                loop.execute { stack.assumeIsolated { $0.setTilt(tilt) } }
            }
            try reader.start()
            motion = reader
        } catch {
            printError("hud display: motion: \(error); parallax off")
        }
    }
}
