import HUDCore

/// A scanout in memory: XRGB8888 buffers that are "on screen" as soon as
/// they are presented. Serves `--output png:` (which writes what is shown)
/// and tests of the frame path without a display.
public final class MemoryScanout: ImmediateScanout {
    public let buffers: [PixelBuffer]
    public let refreshRate: Double?
    public private(set) var front: Int?
    /// Presentations so far, and the damage of the last one.
    public private(set) var presentations = 0
    public private(set) var lastDamage = PixelRect.empty
    private let memory: [UnsafeMutableRawPointer]

    /// `count` zeroed buffers of `width`×`height` pixels.
    public init(width: Int, height: Int, count: Int = 1, refreshRate: Double? = nil) {
        precondition(width > 0 && height > 0 && count > 0, "a memory scanout needs a size and a buffer")
        memory = (0..<count).map { _ in
            let bytes = width * height * 4
            let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            return p
        }
        buffers = memory.map { PixelBuffer(base: $0, width: width, height: height, stride: width * 4) }
        self.refreshRate = refreshRate
    }

    deinit {
        for p in memory { p.deallocate() }
    }

    /// The buffer on screen (the first before any presentation).
    public var shown: PixelBuffer { buffers[front ?? 0] }

    public func start(onPresented: @escaping () -> Void) {}

    public func present(_ index: Int, damage: PixelRect) -> ScanoutPresentation {
        front = index
        presentations += 1
        lastDamage = damage
        return .onScreen
    }

    /// Keeps showing frames: the empty picture is drawn like any other.
    public func release() -> Bool { false }
    public func stop(retainingPicture: Bool) {}
}
