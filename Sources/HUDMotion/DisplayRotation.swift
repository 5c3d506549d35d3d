/// How the picture is turned on the panel: the image is drawn rotated this
/// many degrees clockwise relative to the panel's native scan-out
/// orientation (the frame the mount matrix refers to). 90 means the image's
/// top is at the panel's right edge.
public enum DisplayRotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    case deg0 = 0, deg90 = 90, deg180 = 180, deg270 = 270

    public init?(degrees: Int) { self.init(rawValue: ((degrees % 360) + 360) % 360) }

    /// A vector in panel coordinates (y down) as seen in the image's
    /// coordinates (y down).
    func imageVector(fromPanel x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch self {
        case .deg0: return (x, y)
        case .deg90: return (y, -x)
        case .deg180: return (-x, -y)
        case .deg270: return (-y, x)
        }
    }

    public var description: String { "\(rawValue)°" }
}
