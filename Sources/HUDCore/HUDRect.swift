/// A rectangle in points on the upright picture (the layout's space, before
/// the screen's rotation and scale).
public struct HUDRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether `point` lies inside: left and top edges included, right and bottom not.
    public func contains(_ point: HUDPoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}
