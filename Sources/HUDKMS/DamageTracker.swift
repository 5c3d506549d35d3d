/// Which part of each scan-out buffer is stale.
///
/// With N buffers, the back buffer last showed a frame N-1 frames ago; it
/// must be repainted where any frame since then changed. Every frame's damage
/// is added to every buffer; painting a buffer takes (and clears) its own.
/// A buffer never painted is wholly stale.
public struct DamageTracker: Sendable {
    private var stale: [ScanoutRect]
    private var painted: [Bool]
    public let bounds: ScanoutRect

    public init(bufferCount: Int, bounds: ScanoutRect) {
        stale = Array(repeating: .empty, count: bufferCount)
        painted = Array(repeating: false, count: bufferCount)
        self.bounds = bounds
    }

    /// Records that the picture changed inside `rect` (clipped to the bounds).
    public mutating func add(_ rect: ScanoutRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for i in stale.indices { stale[i] = stale[i].union(r) }
    }

    /// Marks every buffer wholly stale (after a modeset, VT switch, resize).
    public mutating func invalidateAll() {
        for i in painted.indices { painted[i] = false }
    }

    /// The region to repaint in `buffer` now; the buffer counts as up to date after.
    public mutating func take(for buffer: Int) -> ScanoutRect {
        defer {
            stale[buffer] = .empty
            painted[buffer] = true
        }
        return painted[buffer] ? stale[buffer] : bounds
    }

    /// What `take(for:)` would return, without taking it.
    public func peek(for buffer: Int) -> ScanoutRect {
        painted[buffer] ? stale[buffer] : bounds
    }
}
