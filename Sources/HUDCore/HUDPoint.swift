/// A point or offset in points (scaled to pixels by the output's scale).
public struct HUDPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = HUDPoint(x: 0, y: 0)
}
