internal import CCairo

/// A Cairo drawing context on one `CairoImage` (`cairo_create`), destroyed
/// with this object. Shared by a `Canvas` and the canvases clipped from it;
/// each drawing call saves and restores its state around itself.
final class CairoContext {
    let context: OpaquePointer
    /// Kept alive as long as the context draws into it.
    let image: CairoImage

    init(_ image: CairoImage) {
        self.image = image
        // cairo_create never answers NULL: a failure is the context's status, and drawing then does nothing.
        context = cairo_create(image.surface)
    }

    deinit { cairo_destroy(context) }
}
