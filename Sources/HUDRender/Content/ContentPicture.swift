import HUDCore

/// The app's own picture under the HUDs — what MBProgressHUD's host view is:
/// upright XRGB8888 pixels, `width`×`height`, that the app draws into
/// through a `ContentCanvas`. Every output of a `HUDScreen` composes its
/// HUDs over it (turned and scaled for that output), or, where the display
/// has an overlay plane, shows it on the primary plane under the HUD's plane.
///
/// Not thread-safe: draw only where the renderers that show it run (the
/// screen's loop; `HUDScreen.updateContent` takes you there).
public final class ContentPicture {
    public let width: Int
    public let height: Int
    let storage: OwnedPixelBuffer
    /// The text engines `ContentDrawing.layOut` uses, kept between draws.
    private let textEngines = ContentTextEngines()
    /// Counts changes: renderers compare it to what they last took.
    public private(set) var generation = 0
    /// Each change's rectangles, oldest first, with the generation it made;
    /// renderers take what they have not seen (`changes(since:)`).
    private var history: [(generation: Int, rect: PixelRect)] = []
    /// Changes kept for renderers that lag; older ones read as "everything".
    private static let historyLimit = 256

    /// A black picture of `width`×`height` pixels.
    /// - Throws: `RenderError.badBuffer` for a size outside 1…32767.
    public init(width: Int, height: Int) throws(RenderError) {
        storage = try OwnedPixelBuffer(width: width, height: height, format: .xrgb8888)
        self.width = width
        self.height = height
    }

    /// The whole picture.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixels, for the renderers and tests (`PixelBuffer.pixel(x:y:)` reads one).
    public var pixels: PixelBuffer { storage.buffer }

    /// Lets `body` draw, then records the rectangles it says it changed
    /// (clipped to the picture). Returns them.
    @discardableResult
    public func draw(_ body: (inout ContentCanvas) throws -> [PixelRect]) rethrows -> [PixelRect] {
        var canvas = ContentCanvas(buffer: storage.buffer, engines: textEngines)
        let changed = try body(&canvas).map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        guard !changed.isEmpty else { return [] }
        generation += 1
        for r in changed { history.append((generation, r)) }
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        return changed
    }

    /// What changed after generation `seen`: nil when that is older than the
    /// history kept (the caller repaints everything).
    func changes(since seen: Int) -> [PixelRect]? {
        guard seen < generation else { return [] }
        guard let oldest = history.first, oldest.generation <= seen + 1 else { return nil }
        return history.filter { $0.generation > seen }.map(\.rect)
    }
}
