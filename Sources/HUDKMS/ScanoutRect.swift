/// A rectangle of whole pixels on a scan-out buffer.
public struct ScanoutRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let empty = ScanoutRect(x: 0, y: 0, width: 0, height: 0)

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }

    /// The smallest rectangle holding both; an empty one adds nothing.
    public func union(_ o: ScanoutRect) -> ScanoutRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return ScanoutRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The overlap, or `.empty`.
    public func intersection(_ o: ScanoutRect) -> ScanoutRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return .empty }
        return ScanoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The whole-pixel rectangle covering a fractional one, grown by `margin`.
    public static func covering(x: Double, y: Double, width: Double, height: Double, margin: Double = 0) -> ScanoutRect {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0 else { return .empty }
        let x0 = Int((x - margin).rounded(.down)), y0 = Int((y - margin).rounded(.down))
        let x1 = Int((x + width + margin).rounded(.up)), y1 = Int((y + height + margin).rounded(.up))
        return ScanoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
