/// How the picture is turned in the buffer, for panels mounted sideways or
/// upside down. The name says where the picture's top edge lands. The one
/// rotation type: the renderer turns the picture by it, the motion effect
/// turns the accelerometer's axes by it, a panel's orientation gives one.
public enum ScreenRotation: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Upright: the picture's top-left is the buffer's top-left.
    case none = 0
    /// Turned 90° clockwise: the picture's top-left is the buffer's top-right
    /// (its top edge runs down the buffer's right side).
    case clockwise90 = 90
    /// Upside down: the picture's top-left is the buffer's bottom-right.
    case upsideDown = 180
    /// Turned 90° counter-clockwise: the picture's top-left is the buffer's bottom-left.
    case counterClockwise90 = 270

    /// From degrees (0, 90, 180, 270, or their equivalents mod 360).
    public init?(degrees: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.init(rawValue: d)
    }

    public var description: String { "\(rawValue)°" }

    /// Whether the picture's width runs along the buffer's height.
    public var swapsAxes: Bool { self == .clockwise90 || self == .counterClockwise90 }
}
