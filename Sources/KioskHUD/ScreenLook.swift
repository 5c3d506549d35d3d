import HUDMotion
import HUDRender

/// How a `HUDScreen` draws around the HUDs it shows: the renderer's style,
/// the picture behind the bezels, and whether the bezel follows the panel's
/// accelerometer (MBProgressHUD's motion effect).
public struct ScreenLook: Sendable {
    /// Colours, fonts and geometry of the bezel (a theme's `style`).
    public var style = HUDRenderStyle()
    /// What is drawn behind the HUDs (a colour, a logo).
    public var backdrop = HUDBackdrop()
    /// The motion effect; nil: the bezel stays centred and no sensor is read.
    public var motion: Motion?

    /// The accelerometer's tilt as a parallax offset of the bezel.
    public struct Motion: Sendable {
        /// Points at full tilt (`HUDConfiguration.motionAmplitude`).
        public var amplitude: Double = 10
        /// The pose that leaves the bezel centred.
        public var neutral: NeutralAttitude = .flat
        /// Replaces the sensor's `mount_matrix` (theme `motion.mountMatrix`).
        public var mountMatrix: String?

        public init(amplitude: Double = 10, neutral: NeutralAttitude = .flat, mountMatrix: String? = nil) {
            self.amplitude = amplitude
            self.neutral = neutral
            self.mountMatrix = mountMatrix
        }
    }

    public init(style: HUDRenderStyle = HUDRenderStyle(), backdrop: HUDBackdrop = HUDBackdrop(), motion: Motion? = nil) {
        self.style = style
        self.backdrop = backdrop
        self.motion = motion
    }
}
