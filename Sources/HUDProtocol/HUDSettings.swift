/// The options `show` and `update` carry; `nil` leaves an option as it is
/// (or as the theme sets it, for `show`).
public struct HUDSettings: Hashable, Sendable {
    public var mode: WireMode?
    /// The PNG for `mode=image`.
    public var imagePath: String?
    public var label: String?
    public var details: String?
    /// Percent, 0...100.
    public var progressPercent: Double?
    /// Seconds, 0...`ProtocolLimits.maxShowTimeSeconds`.
    public var graceSeconds: Double?
    /// Seconds, 0...`ProtocolLimits.maxShowTimeSeconds`.
    public var minShowSeconds: Double?
    public var animation: WireAnimation?
    /// Whether showing (or the change) is animated; default true.
    public var animated: Bool?
    /// The button's title (MBProgressHUD's `button`); empty removes the button.
    public var button: String?

    public init(mode: WireMode? = nil, imagePath: String? = nil, label: String? = nil, details: String? = nil,
                progressPercent: Double? = nil, graceSeconds: Double? = nil, minShowSeconds: Double? = nil,
                animation: WireAnimation? = nil, animated: Bool? = nil, button: String? = nil) {
        self.mode = mode
        self.imagePath = imagePath
        self.label = label
        self.details = details
        self.progressPercent = progressPercent
        self.graceSeconds = graceSeconds
        self.minShowSeconds = minShowSeconds
        self.animation = animation
        self.animated = animated
        self.button = button
    }

    /// Whether no option is set.
    public var isEmpty: Bool { self == HUDSettings() }

    /// The keys `show` and `update` take, in the order they are encoded.
    public static let keys = ["mode", "image", "label", "details", "progress", "grace", "min-show", "animation", "animated", "button"]
}
