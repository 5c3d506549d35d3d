import HUDCore

/// The accelerometer's frame (the panel's) seen from the picture's.
extension ScreenRotation {
    /// A vector in panel coordinates (y down) as seen in the image's
    /// coordinates (y down).
    func imageVector(fromPanel x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (y, -x)
        case .upsideDown: return (-x, -y)
        case .counterClockwise90: return (-y, x)
        }
    }
}
