/// The screen's size in pixels: what touch and tablet positions are scaled to.
public struct ScreenSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// Sizes below 1 pixel are taken as 1.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    public var description: String { "\(width)x\(height)" }

    /// `point` moved inside the screen: each coordinate from 0 to size − 1.
    public func clamped(_ point: ScreenPoint) -> ScreenPoint {
        ScreenPoint(x: min(max(point.x, 0), Double(width - 1)), y: min(max(point.y, 0), Double(height - 1)))
    }
}
