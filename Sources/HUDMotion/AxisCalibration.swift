/// How one axis's raw count becomes m/s²: IIO's (raw + offset) × scale, with
/// the attribute names the values came from (per-axis `in_accel_x_scale` or
/// shared `in_accel_scale`; likewise `_offset`).
public struct AxisCalibration: Hashable, Sendable {
    public var scale: Double
    public var offset: Double
    /// Attribute file name, or nil when absent (scale 1, offset 0).
    public var scaleSource: String?
    public var offsetSource: String?

    public init(scale: Double = 1, offset: Double = 0, scaleSource: String? = nil, offsetSource: String? = nil) {
        self.scale = scale
        self.offset = offset
        self.scaleSource = scaleSource
        self.offsetSource = offsetSource
    }

    public func metresPerSecondSquared(raw: Int64) -> Double { (Double(raw) + offset) * scale }
}
