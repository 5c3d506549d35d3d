import HUDCore

/// A set of rectangles to repaint, kept short: rectangles that overlap (or
/// nearly touch) are merged, so a region never holds more than `limit` of them.
public struct DamageRegion: Hashable, Sendable {
    public private(set) var rects: [PixelRect] = []
    /// More rectangles than this are merged into their bounding box.
    public static let limit = 8

    public init() {}

    public init(_ rects: [PixelRect]) {
        for r in rects { add(r) }
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// Pixels covered, counting overlaps once only where rectangles were merged.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// The smallest rectangle holding the whole region.
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    /// Adds `rect`, merged with the rectangles it overlaps; empty ones are ignored.
    public mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var changed = true
        while changed {
            changed = false
            for i in rects.indices.reversed() where Self.shouldMerge(rects[i], merged) {
                merged = merged.union(rects[i])
                rects.remove(at: i)
                changed = true
            }
        }
        rects.append(merged)
        if rects.count > Self.limit {
            let all = bounds
            rects = [all]
        }
    }

    public mutating func formUnion(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Merge when one holds the other, or when they overlap and the union wastes little.
    static func shouldMerge(_ a: PixelRect, _ b: PixelRect) -> Bool {
        if a.contains(b) || b.contains(a) { return true }
        guard a.insetBy(-1).intersects(b) else { return false }
        return a.union(b).area <= a.area + b.area
    }
}
