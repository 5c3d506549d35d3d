/// A size in points.
public struct HUDSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = HUDSize(width: 0, height: 0)
}
