import HUDCore

/// A text engine made and warmed on another thread (`HUDRenderer.prepareText(language:fonts:)`):
/// the libraries loaded, fontconfig asked, the fonts opened and shaped once.
/// Handed to the renderer's thread with `HUDRenderer.adopt(_:)`, it is used
/// there only: nothing in it is touched by two threads at once.
public final class PreparedText: @unchecked Sendable {
    let engine: TextEngine?
    let failure: String?

    init(engine: TextEngine?, failure: String?) {
        self.engine = engine
        self.failure = failure
    }
}
