/// Renderer settings that are not part of MBProgressHUD's configuration.
/// Values out of range are clamped where used (blur 0…100, indicator 1…1000).
public struct HUDRenderStyle: Hashable, Sendable {
    /// Standard deviation of the bezel's backdrop blur, in points.
    public var blurRadius: Double = 12
    public var blurMethod: BlurMethod = .downscaledBoxBlur
    /// Labels wrap at this width in points (and never wider than the screen
    /// less four margins, as in MBProgressHUD).
    public var maximumTextWidth: Double = 320
    public var textAlignment: TextAlignment = .center
    /// BCP 47 language for shaping and for choosing CJK glyph forms
    /// ("ja", "zh-CN", "zh-TW", "ko"); empty: fonts and forms as the text and fontconfig choose.
    public var language: String = ""
    /// Side of the spinner, pie, ring and marks, in points (MBProgressHUD: 37).
    public var indicatorSize: Double = 37

    public init() {}
}
