/// A rectangle in points on the upright picture.
struct LayoutRect: Hashable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
    var maxX: Double { x + width }
    var maxY: Double { y + height }

    func offsetBy(dx: Double, dy: Double) -> LayoutRect {
        LayoutRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    func insetBy(_ d: Double) -> LayoutRect {
        LayoutRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}
