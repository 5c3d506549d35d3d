import HUDCore

/// Where a drawn bezel is on the buffer, for a compositor that blurs what is
/// under it itself (a GPU app's frame under a `.layer` target).
public struct BezelShape: Hashable, Sendable {
    /// The device pixels the bezel covers (as zoomed by its show/hide animation).
    public var rect: PixelRect
    /// Its corners' radius in device pixels.
    public var cornerRadius: Double
    /// How opaque the bezel is now (it fades in and out): 0...1.
    public var opacity: Double

    public init(rect: PixelRect, cornerRadius: Double, opacity: Double) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.opacity = opacity
    }
}
