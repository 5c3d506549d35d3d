/// A position on the screen in pixels, (0, 0) top left.
public struct ScreenPoint: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `X Y`, the pixel the point is in (rounded down).
    public var description: String {
        "\(Int(x.rounded(.down))) \(Int(y.rounded(.down)))"
    }
}
