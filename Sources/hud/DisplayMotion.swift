import HUDCore
import HUDMotion
import KioskHUD

extension DisplaySession {
    /// Starts the accelerometer feed for `--motion`.
    func startMotion(amplitude: Double, neutral: NeutralAttitude) {
        motion = MotionFeed(stack: stack, amplitude: amplitude, neutral: neutral) { StandardError.write("hud display: \($0)\n") }
    }
}
