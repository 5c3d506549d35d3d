import HUDCore

/// Which part of each of N scan-out buffers is out of date.
///
/// With double (or triple) buffering a buffer being drawn into last showed
/// an older frame, so it must repaint everything that changed since then:
/// the union of the damage of every frame since it was last drawn. Feed each
/// frame's damage to `frameChanged(_:)`, draw `regionToRepaint(buffer:)` into
/// the back buffer, then call `bufferRepainted(_:)`.
public struct BufferDamageTracker: Sendable {
    private var pending: [DamageRegion]
    private let screen: PixelRect

    /// Every buffer starts fully out of date (its contents are unknown).
    public init(bufferCount: Int, width: Int, height: Int) {
        screen = PixelRect(x: 0, y: 0, width: width, height: height)
        pending = Array(repeating: DamageRegion([screen]), count: max(1, bufferCount))
    }

    public var bufferCount: Int { pending.count }

    /// A new frame differs from the previous one in `damage`: every buffer lags by it.
    public mutating func frameChanged(_ damage: DamageRegion) {
        guard !damage.isEmpty else { return }
        for i in pending.indices { pending[i].formUnion(damage) }
    }

    /// What buffer `index` must repaint to show the newest frame; empty when
    /// it already does. An index out of range answers the whole screen.
    public func regionToRepaint(buffer index: Int) -> DamageRegion {
        pending.indices.contains(index) ? pending[index] : DamageRegion([screen])
    }

    /// Buffer `index` now holds the newest frame.
    public mutating func bufferRepainted(_ index: Int) {
        guard pending.indices.contains(index) else { return }
        pending[index].removeAll()
    }

    /// Every buffer's contents are unknown again (e.g. after a mode set or VT switch).
    public mutating func invalidateAll() {
        for i in pending.indices { pending[i] = DamageRegion([screen]) }
    }
}
