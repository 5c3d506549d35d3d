/// How one HUD looks at one instant: what the renderer draws, nothing more.
///
/// Computed by `HUDLifecycle.presentation(at:configuration:tilt:)`, a pure
/// function of the lifecycle state, the configuration and the time.
public struct HUDPresentation: Hashable, Sendable {
    /// Opacity of the bezel and its content, 0...1.
    public var bezelAlpha: Double
    /// Scale of the bezel about its centre (zoom animations), 1 at rest.
    public var bezelScale: Double
    /// Opacity of the background colour layer, 0...1.
    public var backgroundAlpha: Double
    /// Rotation of the indeterminate spinner in turns, 0..<1, in steps of
    /// `1 / spinnerSteps`, like UIKit's 12-spoke activity indicator.
    public var spinnerPhase: Double
    /// The progress the indicator shows, 0...1.
    public var progress: Double
    /// Parallax shift of the bezel in points (zero unless the motion effect is on).
    public var parallaxOffset: HUDPoint
    /// The button is held down with the pointer inside it: drawn with
    /// MBProgressHUD's highlight (a faint fill of the content colour).
    public var buttonHighlighted: Bool

    public init(bezelAlpha: Double, bezelScale: Double, backgroundAlpha: Double,
                spinnerPhase: Double, progress: Double, parallaxOffset: HUDPoint, buttonHighlighted: Bool = false) {
        self.bezelAlpha = bezelAlpha
        self.bezelScale = bezelScale
        self.backgroundAlpha = backgroundAlpha
        self.spinnerPhase = spinnerPhase
        self.progress = progress
        self.parallaxOffset = parallaxOffset
        self.buttonHighlighted = buttonHighlighted
    }

    /// Whether anything of the HUD reaches the screen.
    public var isVisible: Bool { bezelAlpha > 0 || backgroundAlpha > 0 }
    /// Fully shown: no fade or zoom in progress (a spinner may still turn).
    public var isAtRest: Bool { bezelAlpha == 1 && bezelScale == 1 }

    /// Fully shown, at rest: handy for rendering a still.
    public static func shown(progress: Double = 0, spinnerPhase: Double = 0) -> HUDPresentation {
        HUDPresentation(bezelAlpha: 1, bezelScale: 1, backgroundAlpha: 1,
                        spinnerPhase: spinnerPhase, progress: progress, parallaxOffset: .zero)
    }

    /// Spokes of the spinner; its phase advances one spoke at a time.
    public static let spinnerSteps = 12
    /// One full turn of the spinner.
    public static let spinnerPeriod: Duration = .seconds(1)
}
