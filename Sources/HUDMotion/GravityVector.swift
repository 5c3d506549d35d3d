/// An acceleration in m/s² in the device's frame (after the mount matrix):
/// x toward the panel's right edge, y toward its top edge, z out of the
/// screen (the Android / W3C DeviceMotion frame). At rest an accelerometer
/// reads the reaction to gravity, so a device lying face up reads z ≈ +9.81.
public struct GravityVector: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }

    /// Readings beyond this are not gravity plus hand motion (≈5 g).
    public static let maximumPlausible = 50.0
    /// Below this there is no "down" to tilt towards (free fall or a dead sensor).
    public static let minimumPlausible = 1.0

    /// Throws `.absurdReading` for NaN/infinite values or a magnitude outside
    /// `minimumPlausible...maximumPlausible`.
    public func validated() throws(MotionError) -> GravityVector {
        guard x.isFinite, y.isFinite, z.isFinite else {
            throw .absurdReading(x: x, y: y, z: z, reason: "not a finite number")
        }
        let g = magnitude
        if g > Self.maximumPlausible {
            throw .absurdReading(x: x, y: y, z: z, reason: "|g| = \(g) exceeds \(Self.maximumPlausible)")
        }
        if g < Self.minimumPlausible {
            throw .absurdReading(x: x, y: y, z: z, reason: "|g| = \(g) is below \(Self.minimumPlausible), no direction to tilt")
        }
        return self
    }
}
