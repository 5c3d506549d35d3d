import CCairo

/// A label's text rendered once into an ARGB32 image, ready to composite.
public final class LabelImage: @unchecked Sendable {
    let surface: OpaquePointer
    public let width: Int
    public let height: Int

    init(surface: OpaquePointer, width: Int, height: Int) {
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }
}
