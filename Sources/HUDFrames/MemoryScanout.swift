import HUDCore

/// A scanout in memory: XRGB8888 buffers that are "on screen" as soon as
/// they are presented. Serves `--output png:` (which writes what is shown)
/// and tests of the frame path without a display. With `contentPlane` it
/// has two planes, as a display with an overlay plane: the HUD's buffers in
/// premultiplied ARGB8888 over the app's picture's (`contentBuffers`), and
/// `composedPixel` blends them as the display controller would.
public final class MemoryScanout: ImmediateScanout {
    public let buffers: [PixelBuffer]
    public let contentBuffers: [PixelBuffer]
    public let refreshRate: Double?
    public private(set) var front: Int?
    public private(set) var contentFront: Int?
    /// Presentations so far, and the damage of the last one.
    public private(set) var presentations = 0
    public private(set) var lastDamage = PixelRect.empty
    /// Which planes the last presentation changed (two-plane scanouts).
    public private(set) var lastChangedHUDPlane = false
    public private(set) var lastChangedContentPlane = false
    /// The damage the last presentation named on the picture's plane.
    public private(set) var lastContentDamage = PixelRect.empty
    private let memory: [UnsafeMutableRawPointer]

    /// `count` zeroed buffers of `width`×`height` pixels (and as many for the
    /// app's picture with `contentPlane`).
    public init(width: Int, height: Int, count: Int = 1, refreshRate: Double? = nil, contentPlane: Bool = false) {
        precondition(width > 0 && height > 0 && count > 0, "a memory scanout needs a size and a buffer")
        memory = (0..<(contentPlane ? 2 * count : count)).map { _ in
            let bytes = width * height * 4
            let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            return p
        }
        let hudFormat: PixelFormat = contentPlane ? .argb8888 : .xrgb8888
        buffers = memory[0..<count].map { PixelBuffer(base: $0, width: width, height: height, stride: width * 4, format: hudFormat) }
        contentBuffers = memory[count...].map { PixelBuffer(base: $0, width: width, height: height, stride: width * 4) }
        self.refreshRate = refreshRate
    }

    deinit {
        for p in memory { p.deallocate() }
    }

    /// The buffer on screen (the first before any presentation).
    public var shown: PixelBuffer { buffers[front ?? 0] }

    /// The pixel on screen at (x, y) as 0xRRGGBB: with two planes, the HUD's
    /// premultiplied pixel over the picture's (`out = src + dst·(1−α)`).
    public func composedPixel(x: Int, y: Int) -> UInt32 {
        let top = shown.pixel(x: x, y: y)
        guard !contentBuffers.isEmpty else { return top & 0xFF_FFFF }
        let under = contentBuffers[contentFront ?? 0].pixel(x: x, y: y)
        let alpha = top >> 24
        var out: UInt32 = 0
        for shift in [16, 8, 0] as [UInt32] {
            let s = (top >> shift) & 0xFF, d = (under >> shift) & 0xFF
            out |= min(255, s + (d * (255 - alpha) + 127) / 255) << shift
        }
        return out
    }

    public func start(onPresented: @escaping () -> Void) {}

    public func present(_ index: Int, damage: PixelRect) -> ScanoutPresentation {
        present(hud: index, damage: damage, content: nil, contentDamage: .empty)
    }

    public func present(hud: Int?, damage: PixelRect, content: Int?, contentDamage: PixelRect) -> ScanoutPresentation {
        if let hud { front = hud }
        if let content { contentFront = content }
        presentations += 1
        lastDamage = damage
        lastContentDamage = contentDamage
        lastChangedHUDPlane = hud != nil
        lastChangedContentPlane = content != nil
        return .onScreen
    }

    /// Keeps showing frames: the empty picture is drawn like any other.
    public func release() -> Bool { false }
    public func stop(retainingPicture: Bool) {}
}
