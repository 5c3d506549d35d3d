/// Where each enabled channel sits in one scan of an IIO buffer, computed the
/// way the kernel packs it (iio_compute_scan_bytes): channels in scan-index
/// order, each aligned to its own size, the scan padded to its largest element.
public struct IIOScanLayout: Hashable, Sendable {
    /// One enabled channel of the scan.
    public struct Element: Hashable, Sendable {
        public var name: String
        public var index: Int
        public var type: IIOScanType
        public var offset: Int
    }

    public private(set) var elements: [Element]
    /// Bytes per scan, padding included.
    public private(set) var scanSize: Int

    /// `channels`: the enabled channels as (name, scan index, type), any order.
    public init(channels: [(name: String, index: Int, type: IIOScanType)]) {
        var offset = 0
        var largest = 1
        var placed: [Element] = []
        for c in channels.sorted(by: { $0.index < $1.index }) {
            let size = c.type.byteCount
            offset = IIOScanLayout.align(offset, to: size)
            placed.append(Element(name: c.name, index: c.index, type: c.type, offset: offset))
            offset += size
            largest = max(largest, size)
        }
        elements = placed
        scanSize = IIOScanLayout.align(offset, to: largest)
    }

    public func element(named name: String) -> Element? { elements.first { $0.name == name } }

    static func align(_ value: Int, to size: Int) -> Int {
        guard size > 1 else { return value }
        return (value + size - 1) / size * size
    }
}
