/// Device tilt for the parallax effect: each axis in -1...1, where ±1 is full
/// tilt (MBProgressHUD's interpolating motion effect range). +x moves the
/// bezel right, +y moves it down.
public struct HUDTilt: Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// Values are clamped to -1...1; NaN becomes 0.
    public init(x: Double, y: Double) {
        self.x = Self.clamp(x)
        self.y = Self.clamp(y)
    }

    public static let level = HUDTilt(x: 0, y: 0)

    static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -1), 1) }
}
