/// A font request handed to HUDText: a family list, a size in points and a weight.
public struct HUDFont: Hashable, Sendable {
    /// A fontconfig family list, e.g. `"Noto Sans, Noto Sans CJK SC"`.
    public var family: String
    /// Points; non-finite or non-positive sizes become 1.
    public var size: Double
    public var bold: Bool

    public init(family: String = "sans-serif", size: Double, bold: Bool = true) {
        self.family = family
        self.size = size.isFinite && size > 0 ? size : 1
        self.bold = bold
    }

    /// MBProgressHUD's label font: bold 16.
    public static let label = HUDFont(size: 16)
    /// MBProgressHUD's details font: bold 12.
    public static let details = HUDFont(size: 12)
}
