import HUDCore
#if canImport(Glibc)
import Glibc
#endif

/// Gravity to `HUDTilt`, MBProgressHUD's effect on a Linux panel.
///
/// UIKit's interpolating motion effect gives a positive horizontal value when
/// the screen turns to the viewer's right and a positive vertical value when
/// it turns down; MBProgressHUD maps -1...1 to -10...+10 pt on center.x/y.
/// For a panel that means: lower its right edge and the bezel moves right,
/// lower its bottom edge and the bezel moves down — the bezel slides downhill.
///
/// tilt = (component of gravity along the image's axis) / |g| / sin(fullTilt),
/// clamped to -1...1. In the device frame (`GravityVector`) the accelerometer
/// reads "up", so lowering the right edge makes x negative:
/// tilt = (-x, +y) / |g| / sin(fullTilt), with x, y taken in the image's
/// frame (`displayFrame`).
public struct TiltMapping: Hashable, Sendable {
    public var rotation: ScreenRotation
    /// The tilt angle that gives the full ±1 (90°: standing on an edge).
    public var fullTiltDegrees: Double

    public init(rotation: ScreenRotation = .none, fullTiltDegrees: Double = 90) {
        self.rotation = rotation
        self.fullTiltDegrees = fullTiltDegrees.isFinite ? min(max(fullTiltDegrees, 1), 90) : 90
    }

    /// The tilt for a validated gravity reading (see `GravityVector.validated`).
    public func tilt(for g: GravityVector) -> HUDTilt {
        let m = g.magnitude
        guard m > 0, m.isFinite else { return .level }
        let full = sinDegrees(fullTiltDegrees) * m
        let d = displayFrame(g)
        return HUDTilt(x: -d.x / full, y: d.y / full)
    }

    /// `g` in the image's frame: x toward the image's right, y toward its
    /// top, z out of the screen (the device frame turned by `rotation`).
    public func displayFrame(_ g: GravityVector) -> GravityVector {
        let v = rotation.imageVector(fromPanel: g.x, -g.y)
        return GravityVector(x: v.x, y: -v.y, z: g.z)
    }

    private func sinDegrees(_ d: Double) -> Double { d >= 90 ? 1 : sin(d * .pi / 180) }
}
