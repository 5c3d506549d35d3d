import HUDCore

/// The bezel's parallax shift in whole output pixels. Compare two of these to
/// decide whether a tilt change needs a redraw.
public struct ParallaxPixelOffset: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = ParallaxPixelOffset(x: 0, y: 0)

    /// tilt × amplitude (points) × output scale, rounded to the nearest pixel.
    /// Non-finite or negative amplitude/scale give zero.
    public init(tilt: HUDTilt, amplitude: Double, scale: Double) {
        let k = amplitude.isFinite && scale.isFinite && amplitude > 0 && scale > 0 ? min(amplitude * scale, 100_000) : 0
        x = Int((tilt.x * k).rounded())
        y = Int((tilt.y * k).rounded())
    }

    /// The offset in points (what `HUDPresentation.parallaxOffset` holds).
    public static func points(tilt: HUDTilt, amplitude: Double) -> HUDPoint {
        let a = amplitude.isFinite && amplitude > 0 ? amplitude : 0
        return HUDPoint(x: tilt.x * a, y: tilt.y * a)
    }

    public var description: String { "(\(x), \(y)) px" }
}
