/// Everything that decides how a HUD looks, with MBProgressHUD 1.2's defaults.
///
/// A value type: change it with `HUD.update(_:)`, which applies all changes of
/// one call at once on the HUD's loop.
public struct HUDConfiguration: Hashable, Sendable {
    /// An offset this large pins the bezel to that edge (`MBProgressMaxOffset`).
    public static let maxOffset: Double = 1_000_000

    /// What the bezel shows above its labels.
    public var mode: HUDMode = .indeterminate
    /// How the bezel appears and disappears.
    public var animation: HUDAnimation = .fade

    /// Blurred backdrop (default) or a solid fill.
    public var bezelStyle: HUDBezelStyle = .blur
    /// The bezel's tint (blur) or fill (solid): white 0.8 at α 0.6.
    public var bezelColor = HUDColor(white: 0.8, alpha: 0.6)
    /// Corner radius of the bezel, in points.
    public var cornerRadius: Double = 5
    /// Colour over the whole screen behind the bezel; clear by default.
    public var backgroundColor: HUDColor = .clear
    /// The screen behind the bezel (`backgroundView.style`): `.solidColor`
    /// (default) is `backgroundColor` over it; `.blur` blurs it first (the
    /// app's picture, a logo), then tints it with `backgroundColor`.
    public var backgroundStyle: HUDBezelStyle = .solidColor

    /// The main text: bold 16, one line.
    public var label = HUDLabel(font: .label, maximumLines: 1)
    /// Text under the label: bold 12, as many lines as it needs.
    public var detailsLabel = HUDLabel(font: .details, maximumLines: 0)

    /// Title of MBProgressHUD's `button`, a pill under the labels; empty (the
    /// default) shows none. Its action is set with `HUD.setButtonAction(_:)`.
    public var buttonTitle = ""

    /// Colour of labels and indicator unless a label sets its own: black at α 0.7.
    public var contentColor = HUDColor(white: 0, alpha: 0.7)

    /// Wait this long before showing; a task that ends sooner never shows a HUD.
    public var graceTime: Duration = .zero
    /// Once shown, stay at least this long.
    public var minShowTime: Duration = .zero
    /// Drop the HUD from its stack when hidden (`removeFromSuperViewOnHide`).
    public var removesWhenHidden = false

    /// Space inside the bezel around its content, and the least space between
    /// the bezel and the screen's edge, in points.
    public var margin: Double = 20 { didSet { margin = Self.nonNegative(margin, else: oldValue) } }
    /// The bezel is at least this big.
    public var minSize: HUDSize = .zero
    /// Make the bezel's width and height equal.
    public var isSquare = false
    /// Shift of the bezel from the screen's centre; `±maxOffset` pins to an edge.
    public var offset: HUDPoint = .zero

    /// Tilting the device moves the bezel (`defaultMotionEffectsEnabled`).
    public var motionEffectEnabled = false
    /// Full-tilt bezel displacement in points on each axis.
    public var motionAmplitude: Double = 10 { didSet { motionAmplitude = Self.nonNegative(motionAmplitude, else: oldValue) } }

    /// Progress in 0...1. Out-of-range values are clamped; NaN keeps the old value.
    public var progress: Double = 0 {
        didSet { progress = Self.sanitizedProgress(progress, previous: oldValue) }
    }

    /// MBProgressHUD's defaults.
    public init() {}

    /// The progress value that `progress = value` would store.
    public static func sanitizedProgress(_ value: Double, previous: Double) -> Double {
        if value.isNaN { return previous }
        return min(max(value, 0), 1)
    }

    static func nonNegative(_ v: Double, else old: Double) -> Double {
        v.isFinite ? max(v, 0) : old
    }
}
