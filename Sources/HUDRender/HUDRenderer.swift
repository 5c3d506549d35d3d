import Glibc
import HUDText
import HUDCore

/// Draws `HUDSnapshot`s into pixel buffers: with `CoveragePainter` where it
/// can (`drawWithoutCairo`), else through Cairo (`Canvas`); labels laid out by HUDText.
///
/// Two steps per frame: `update(to:)` takes the snapshot and answers what
/// changed on screen (damage); `draw(into:region:)` paints any region of the
/// current picture into a buffer — the same code for a mapped DRM dumb
/// buffer and for a PNG. Bezels (blurred backdrop, tint, labels) are drawn
/// once and reused until they change; a spinner step repaints only its box.
///
/// Not thread-safe: use one renderer from one thread (or actor).
public final class HUDRenderer {
    /// When the text libraries and the fonts get loaded.
    public enum TextLoading: Sendable {
        /// On the first frame that has text. Default.
        case onFirstUse
        /// Only in `prepareText()`; frames before it are drawn without labels,
        /// so the first frame never waits for fonts.
        case afterPrepareText
    }

    /// The buffer size, scale and rotation every `draw` must match.
    public let geometry: ScreenGeometry
    public private(set) var style: HUDRenderStyle
    public private(set) var backdrop: HUDBackdrop
    /// Whether this renderer draws the whole picture or an overlay plane's part of it.
    public let target: CompositionTarget
    let textLoading: TextLoading
    var textEngine: TextEngine?

    var scenes: [LayerScene] = []
    var spareScenes: [LayerScene] = []
    var fullDamagePending = true
    /// Bumped by every update that changes more than dynamic indicators.
    var sceneGeneration = 0
    /// Bumped by everything besides a snapshot that a scene's layout depends
    /// on (style, backdrop, caches, the text engine): scenes made before are
    /// not reused for the next frame.
    var sceneInputGeneration = 0
    var newProblems: [RenderError] = []

    var logo: DecodedImage?
    var logoLoaded = false
    var logoDevice: CairoImage?
    var logoDeviceRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    var backdropGeneration = 0
    var images: [String: CachedImage] = [:]
    var imageUses = 0
    /// Decoded custom images kept beyond this are dropped, least recently used first.
    static let imageCacheBytes = 32 << 20
    var textCaches: [Int: LayerText] = [:]
    var bezelCaches: [Int: BezelCache] = [:]
    var contentCaches: [Int: BezelContent] = [:]
    var blurCaches: [Int: BlurredBackdrop] = [:]
    /// The whole screen under a HUD with a blurred background, blurred (by HUD id).
    var backgroundBlurCaches: [Int: BlurredBackdrop] = [:]
    var indicatorCache: IndicatorCache?
    /// Reused while a blurred bezel zooms, so animation frames allocate nothing.
    var zoomScratch: CairoImage?
    var targets: [TargetSurface] = []
    /// Cairo could not be loaded (`markGraphicsUnavailable`).
    public private(set) var graphicsUnavailable = false
    /// FreeType, HarfBuzz or FriBidi could not be loaded: no labels.
    public private(set) var textUnavailable = false

    /// The app's picture under the HUDs, replacing the backdrop; nil: none.
    public private(set) var content: ContentPicture?
    /// A Cairo image over the content's pixels, made on first use.
    var contentSurface: CairoImage?
    /// The content generation the last update took.
    var contentSeen = 0
    /// Bumped by each update that took a content change; a bezel's blur
    /// remembers the count at the last change under it (`blurContentStamp`).
    var contentChangeCount = 0
    var blurContentStamp: [Int: Int] = [:]

    /// Creates a renderer; nothing is loaded (fonts, images) until the first update.
    public init(geometry: ScreenGeometry, style: HUDRenderStyle = HUDRenderStyle(),
                backdrop: HUDBackdrop = HUDBackdrop(), textLoading: TextLoading = .onFirstUse,
                target: CompositionTarget = .screen) {
        self.geometry = geometry
        self.style = style
        self.backdrop = backdrop
        self.textLoading = textLoading
        self.target = target
    }

    /// Shows `picture` under the HUDs instead of the backdrop (nil: the
    /// backdrop again). It is scaled to the upright screen (exact when its
    /// size is the screen's in device pixels) and turned with the HUDs.
    /// Changes drawn into it later are picked up by each `update`.
    public func setContent(_ picture: ContentPicture?) {
        guard picture !== content else { return }
        content = picture
        contentSurface = nil
        contentSeen = picture?.generation ?? 0
        invalidateCaches()
    }

    // MARK: Settings

    /// A new screen backdrop: the image is loaded at the next update.
    public func setBackdrop(_ newBackdrop: HUDBackdrop) {
        guard newBackdrop != backdrop else { return }
        backdrop = newBackdrop
        logo = nil
        logoLoaded = false
        logoDevice = nil
        invalidateCaches()
    }

    /// New renderer settings: everything is redrawn at the next update.
    public func setStyle(_ newStyle: HUDRenderStyle) {
        guard newStyle != style else { return }
        let hadText = textEngine != nil
        if newStyle.language != style.language { textEngine = nil }
        textCaches.removeAll()
        style = newStyle
        if hadText, textEngine == nil { prepareText() }
        // A new theme may name other fonts: look them up again.
        textEngine?.catalog.forgetChains()
        invalidateCaches()
    }

    /// Drops every cached bezel, blur and indicator image and marks the whole
    /// screen damaged: the next frame is a full redraw. (The logo
    /// is kept; it changes only with `setBackdrop`.)
    public func invalidateCaches() {
        backdropGeneration += 1
        sceneInputGeneration += 1
        bezelCaches.removeAll()
        contentCaches.removeAll()
        blurCaches.removeAll()
        backgroundBlurCaches.removeAll()
        indicatorCache = nil
        fullDamagePending = true
    }

    /// Cairo is missing (`tryLoadGraphicsLibraries` said
    /// why): from now on this renderer calls none of them. It draws every
    /// frame with `drawWithoutCairo`: bezels, indicators, labels and the logo
    /// (at scale 1), without custom images or the app's picture. For a boot splash on a device whose image lacks
    /// a library: the HUD stays up rather than the process exiting.
    public func markGraphicsUnavailable() {
        guard !graphicsUnavailable else { return }
        graphicsUnavailable = true
        images.removeAll()
        logoDevice = nil
        invalidateCaches()
    }

    // MARK: Text

    /// Loads FreeType, HarfBuzz and FriBidi and reads the recorded font list
    /// now (a few milliseconds cold); fonts open when a label first needs
    /// them. With `.afterPrepareText`, labels appear from the next update on.
    /// When the libraries are missing, labels are left out and the problem is
    /// reported with the next update.
    public func prepareText() {
        guard textEngine == nil, !textUnavailable else { return }
        do {
            textEngine = try TextEngine(language: style.language)
        } catch {
            textUnavailable = true
            newProblems.append(.textUnavailable("\(error)"))
        }
        sceneInputGeneration += 1
    }

    /// Whether labels are drawn (the text libraries loaded).
    public var isTextReady: Bool { textEngine != nil }

    /// Makes a text engine for `language` on the calling thread and lays out
    /// a sample in each of `fonts` (fontconfig asked, faces opened and shaped
    /// once), for `adopt(_:)` on the renderer's thread. Safe on any thread.
    public static func prepareText(language: String, fonts: [HUDFont]) -> PreparedText {
        do {
            let engine = try TextEngine(language: language)
            for font in fonts {
                _ = TextBlock(engine: engine, label: HUDLabel(text: "Ag", font: font, maximumLines: 1),
                              maximumWidth: 1000, alignment: .center).mask(scale: 1)
            }
            return PreparedText(engine: engine, failure: nil)
        } catch {
            return PreparedText(engine: nil, failure: "\(error)")
        }
    }

    /// Takes a text engine made by `prepareText(language:fonts:)`: labels are
    /// drawn from the next update. Ignored when this renderer has one already,
    /// or when it was made for another language.
    public func adopt(_ prepared: PreparedText) {
        guard textEngine == nil, !textUnavailable else { return }
        if let engine = prepared.engine {
            guard engine.language == style.language else { return }
            textEngine = engine
        } else {
            textUnavailable = true
            newProblems.append(.textUnavailable(prepared.failure ?? "text libraries missing"))
        }
        sceneInputGeneration += 1
    }

    /// Loads the text libraries (FreeType, HarfBuzz, FriBidi) on the calling
    /// thread, so that a renderer's `prepareText()` on another finds them
    /// mapped. Safe on any thread.
    public static func preloadFonts() {
        _ = TextLibraries.tryLoad()
    }

    // MARK: Frames

    /// Takes the picture at one instant and answers which device pixels
    /// differ from the previous update's picture (all of them the first time
    /// and after `invalidateCaches()`).
    public func update(to snapshot: HUDSnapshot) -> FrameUpdate {
        loadLogoIfNeeded()
        let area = layoutArea()
        // Reuse the previous frame's array storage: no allocation per frame.
        var next = spareScenes
        spareScenes = []
        next.removeAll(keepingCapacity: true)
        for layer in snapshot.layers where layer.presentation.isVisible {
            next.append(makeScene(layer, area: area))
        }
        let contentDamage = takeContentChanges()
        var damage = damageBetween(scenes, next, content: contentDamage)
        spareScenes = scenes
        scenes = next
        if !contentDamage.isEmpty {
            // A blurred background spreads any change of the picture over the screen.
            damage.formUnion(scenes.contains { $0.backgroundBlur > 0 } ? DamageRegion([geometry.bounds]) : bezelsSeeing(contentDamage))
        }
        let count = scenes.count
        if textCaches.count > count || bezelCaches.count > count || contentCaches.count > count || blurCaches.count > count
            || blurContentStamp.count > count || backgroundBlurCaches.count > count {
            let ids = Set(scenes.map(\.id))
            blurContentStamp = blurContentStamp.filter { ids.contains($0.key) }
            textCaches = textCaches.filter { ids.contains($0.key) }
            bezelCaches = bezelCaches.filter { ids.contains($0.key) }
            contentCaches = contentCaches.filter { ids.contains($0.key) }
            blurCaches = blurCaches.filter { ids.contains($0.key) }
            backgroundBlurCaches = backgroundBlurCaches.filter { ids.contains($0.key) }
        }
        let problems = newProblems
        newProblems.removeAll()
        return FrameUpdate(damage: damage, problems: problems,
                           contentDamage: target == .overlayPlane ? contentDamage : DamageRegion())
    }

    /// Paints `region` of the current picture (the last `update`) into
    /// `buffer`, which must match the geometry's pixel size.
    public func draw(into buffer: PixelBuffer, region: DamageRegion) throws(RenderError) {
        guard buffer.width == geometry.pixelWidth, buffer.height == geometry.pixelHeight else {
            throw .bufferMismatch(expected: "\(geometry.pixelWidth)×\(geometry.pixelHeight)",
                                  found: "\(buffer.width)×\(buffer.height)")
        }
        let target = try targetSurface(for: buffer)
        for raw in region.rects {
            let rect = raw.intersection(geometry.bounds)
            guard !rect.isEmpty else { continue }
            if let index = fastIndicatorLayer(for: rect) {
                try drawIndicatorFast(into: target, layer: index, rect: rect)
                continue
            }
            try drawScene(Canvas(target, clip: rect), layerCount: scenes.count)
        }
    }

    /// `update(to:)` then a full redraw: for stills and PNGs.
    @discardableResult
    public func render(_ snapshot: HUDSnapshot, into buffer: PixelBuffer) throws(RenderError) -> FrameUpdate {
        let result = update(to: snapshot)
        try draw(into: buffer, region: DamageRegion([geometry.bounds]))
        return result
    }

    // MARK: Layout queries (device pixels), for tests and outputs

    /// The bezel of the HUD with `id` at scale 1, as of the last update.
    public func bezelFrame(id: Int) -> PixelRect? { scenes.first { $0.id == id }?.bezelDevice }

    /// Every drawn bezel as of the last update, bottom HUD first: what a
    /// compositor blurring the picture under a `.layer` target blurs.
    public func bezelShapes() -> [BezelShape] {
        scenes.compactMap { s in
            guard !s.drawnDevice.isEmpty else { return nil }
            let zoom = s.presentation.bezelScale.isFinite && s.presentation.bezelScale > 0 ? s.presentation.bezelScale : 1
            let alpha = s.presentation.bezelAlpha.isFinite ? min(max(s.presentation.bezelAlpha, 0), 1) : 1
            return BezelShape(rect: s.drawnDevice, cornerRadius: max(0, s.configuration.cornerRadius) * geometry.scale * zoom,
                              opacity: alpha)
        }
    }

    /// The box the HUD's changing indicator (spinner, pie, ring, bar) repaints.
    public func indicatorFrame(id: Int) -> PixelRect? {
        guard let s = scenes.first(where: { $0.id == id }), !s.indicatorDevice.isEmpty else { return nil }
        return s.indicatorDevice
    }

    /// The button of the HUD with `id` on screen (device pixels, with a pixel
    /// around for anti-aliasing): what pressing it repaints. Nil without one.
    public func buttonFrame(id: Int) -> PixelRect? {
        guard let s = scenes.first(where: { $0.id == id }), !s.buttonDevice.isEmpty else { return nil }
        return s.buttonDevice
    }

    /// Where each drawn HUD's button is, in points on the upright picture, by
    /// HUD id: hand it to `HUDStack.setButtonFrames` after each update so
    /// touches and clicks can find the button. HUDs without a drawn button
    /// (no title, transparent, labels not loaded yet) are left out.
    public func buttonFrames() -> [Int: HUDRect] {
        var frames: [Int: HUDRect] = [:]
        for s in scenes where !s.buttonDevice.isEmpty {
            guard let r = s.layout.button else { continue }
            frames[s.id] = HUDRect(x: r.x, y: r.y, width: r.width, height: r.height)
        }
        return frames
    }

    /// The label and details frames of the HUD with `id`, nil when not shown.
    public func textFrames(id: Int) -> (label: PixelRect?, details: PixelRect?) {
        guard let s = scenes.first(where: { $0.id == id }) else { return (nil, nil) }
        func device(_ r: LayoutRect?) -> PixelRect? {
            r.map { geometry.deviceRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        }
        return (device(s.layout.label), device(s.layout.details))
    }
}
