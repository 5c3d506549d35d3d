import HUDCore

/// A look for the HUD from a JSON file: colours, fonts, sizes, bezel style,
/// the screen colour and a logo. Every property is optional; nil keeps the
/// default. Apply it to a configuration, a render style and a backdrop.
///
/// ```json
/// { "bezelStyle": "blur", "bezelColor": "#202020cc", "contentColor": "#ffffffe6",
///   "label": { "fontFamily": "Noto Sans", "fontSize": 18 },
///   "screen": { "color": "#000000", "image": "logo.png", "placement": "hudBelow" } }
/// ```
public struct HUDTheme: Hashable, Sendable {
    public var bezelStyle: HUDBezelStyle?
    public var bezelColor: HUDColor?
    public var contentColor: HUDColor?
    public var backgroundColor: HUDColor?
    public var cornerRadius: Double?
    public var margin: Double?
    public var minSize: HUDSize?
    public var isSquare: Bool?
    public var label = HUDThemeLabel()
    public var details = HUDThemeLabel()
    public var blurRadius: Double?
    public var maximumTextWidth: Double?
    public var indicatorSize: Double?
    public var textAlignment: TextAlignment?
    public var language: String?
    public var screenColor: HUDColor?
    /// Absolute, or made absolute against the theme file's directory when loaded.
    public var screenImage: String?
    public var imagePlacement: HUDBackdrop.Placement?
    /// MBProgressHUD's motion effect: `"motion": {"enabled": true, "amplitude": 10, "neutral": "start"}`.
    public var motionEnabled: Bool?
    public var motionAmplitude: Double?
    /// `"flat"` or `"start"`: the pose that leaves the bezel centred (see HUDMotion's `NeutralAttitude`).
    public var motionNeutral: String?
    /// Replaces the accelerometer's `mount_matrix` ("x, y, z; x, y, z; x, y, z"),
    /// for boards whose kernel gives none or a wrong one (checked by HUDMotion).
    public var motionMountMatrix: String?

    public init() {}

    /// The keys a theme file may hold, for `--help` texts and docs.
    public static let keys: [String] = [
        "bezelStyle", "bezelColor", "contentColor", "backgroundColor", "cornerRadius", "margin",
        "minSize", "square", "label", "details", "blurRadius", "maximumTextWidth", "indicatorSize",
        "textAlignment", "language", "screen", "motion", "name",
    ]

    public func apply(to c: inout HUDConfiguration) {
        if let bezelStyle { c.bezelStyle = bezelStyle }
        if let bezelColor { c.bezelColor = bezelColor }
        if let contentColor { c.contentColor = contentColor }
        if let backgroundColor { c.backgroundColor = backgroundColor }
        if let cornerRadius { c.cornerRadius = cornerRadius }
        if let margin { c.margin = margin }
        if let minSize { c.minSize = minSize }
        if let isSquare { c.isSquare = isSquare }
        if let motionEnabled { c.motionEffectEnabled = motionEnabled }
        if let motionAmplitude { c.motionAmplitude = motionAmplitude }
        label.apply(to: &c.label)
        details.apply(to: &c.detailsLabel)
    }

    public func apply(to s: inout HUDRenderStyle) {
        if let blurRadius { s.blurRadius = blurRadius }
        if let maximumTextWidth { s.maximumTextWidth = maximumTextWidth }
        if let indicatorSize { s.indicatorSize = indicatorSize }
        if let textAlignment { s.textAlignment = textAlignment }
        if let language { s.language = language }
    }

    public func apply(to b: inout HUDBackdrop) {
        if let screenColor { b.color = screenColor }
        if let screenImage { b.imagePath = screenImage }
        if let imagePlacement { b.placement = imagePlacement }
    }

    /// Reads a theme file. Never fails: an unreadable or malformed file gives
    /// an empty theme (all defaults) and a problem naming the file.
    public static func load(file path: String) -> HUDThemeLoad {
        do {
            let bytes = try TextFile.read(path)
            return parse(bytes, file: path)
        } catch {
            return HUDThemeLoad(theme: HUDTheme(), problems: [error])
        }
    }

    /// Reads theme JSON; `file` names it in problems and anchors relative image paths.
    public static func parse(_ text: String, file: String) -> HUDThemeLoad {
        parse(Array(text.utf8), file: file)
    }

    static func parse(_ bytes: [UInt8], file: String) -> HUDThemeLoad {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return HUDThemeLoad(theme: HUDTheme(), problems: [
                HUDThemeError(file: file, position: error.position, message: "not valid JSON: \(error.message)"),
            ])
        }
        var reader = HUDThemeReader(file: file)
        let theme = reader.read(root)
        return HUDThemeLoad(theme: theme, problems: reader.problems)
    }
}
