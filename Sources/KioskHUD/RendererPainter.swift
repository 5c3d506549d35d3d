#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDFrames
import HUDRender
import HUDText

/// Puts `HUDRenderer` (blurred bezels, themes, text engine) behind the frame
/// loop's `FramePainter`: the renderer says what changed, a
/// `BufferDamageTracker` says what each scanout buffer lacks, and only that
/// is drawn. Labels are in the first frame (the text libraries and the font
/// load with it); frames are drawn by the Swift painter whenever it can draw
/// them, so Cairo is loaded only by a frame that needs it (an app's picture,
/// a custom image, stacked HUDs, a blurred background).
public final class RendererPainter: FramePainter, @unchecked Sendable {
    public var onNeedsFrame: (@Sendable () -> Void)?
    public private(set) var lastFrameComplete = true
    private let renderer: HUDRenderer
    private var tracker: BufferDamageTracker
    /// The buffers of the picture's own plane (overlay path), if any.
    private var contentTracker: BufferDamageTracker?
    private let loop: EventLoop
    private var textRequested = false
    /// The fonts of the first frame's HUDs, warmed by the helper thread.
    private var firstFonts: [HUDFont] = [.label, .details]
    /// Per buffer, whether the Swift painter drew it last (a buffer changing
    /// painter is repainted whole, so no bezel is left half from each).
    private var paintedWithoutCairo: [Int: Bool] = [:]
    private var lastPaintWithoutCairo = false
    private var topmostID: Int?
    private var pendingProblems: [String] = []
    /// What the last painted frame showed (start-up log lines).
    public private(set) var lastFrameContent = FrameContent()
    /// Problems the renderer reported (missing image, bad font), first seen.
    public var onProblem: (@Sendable (String) -> Void)?

    /// A renderer for `scanout`'s buffers, at `scale` device pixels per
    /// point, turned by `rotation` for the panel. `textFromFirstFrame` is
    /// kept for callers: every output now has its labels from the first frame.
    /// `target`: what the buffers are; by default the whole screen, or an
    /// overlay plane when the scanout has a plane for the picture under it.
    public init(scanout: any Scanout, loop: EventLoop, style: HUDRenderStyle = HUDRenderStyle(),
                backdrop: HUDBackdrop = HUDBackdrop(), scale: Double = 1, rotation: ScreenRotation = .none,
                textFromFirstFrame: Bool = false, content: ContentPicture? = nil, target: CompositionTarget? = nil) throws {
        guard let first = scanout.buffers.first else { throw RenderError.badBuffer("no buffers") }
        // A scanout with a plane for the picture gets the HUD alone, on a transparent plane over it.
        let contentBuffers = scanout.contentBuffers
        renderer = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: first.width, pixelHeight: first.height,
                                                            scale: scale, rotation: rotation),
                               style: style, backdrop: backdrop,
                               // With a recorded font list the first label costs a few ms: it is on
                               // the first frame. Without one, fontconfig's start (seconds, cold)
                               // must not hold that frame back: labels join once it is done.
                               textLoading: RecordedFontList.isPresent ? .onFirstUse : .afterPrepareText,
                               target: target ?? (contentBuffers.isEmpty ? .screen : .overlayPlane))
        renderer.setContent(content)
        tracker = BufferDamageTracker(bufferCount: scanout.buffers.count, width: first.width, height: first.height)
        if !contentBuffers.isEmpty {
            contentTracker = BufferDamageTracker(bufferCount: contentBuffers.count, width: first.width, height: first.height)
        }
        self.loop = loop
    }

    /// Cairo is missing: the HUD goes on, drawn without it, and says so once.
    private func graphicsFailed(_ error: String) {
        renderer.markGraphicsUnavailable()
        tracker.invalidateAll()
        pendingProblems.append("\(error); drawing without custom images or the app's picture")
    }

    public func paint(_ snapshot: HUDSnapshot, into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect {
        let update = renderer.update(to: snapshot)
        // Cairo loads here, on the first frame that needs it (once per process).
        if !renderer.canDrawWithoutCairo, !HUDRenderer.isGraphicsLibraryLoaded, !renderer.graphicsUnavailable,
           let error = HUDRenderer.tryLoadGraphicsLibraries() {
            graphicsFailed(error)
        }
        for p in pendingProblems { onProblem?(p) }
        pendingProblems.removeAll()
        for p in update.problems { onProblem?("\(p)") }
        if !textRequested {
            var fonts: [HUDFont] = []
            for layer in snapshot.layers where layer.presentation.isVisible {
                for f in [layer.configuration.label.font, layer.configuration.detailsLabel.font] where !fonts.contains(f) { fonts.append(f) }
            }
            if !fonts.isEmpty { firstFonts = fonts }
        }
        var topmost: Int?
        // Complete: labels are drawn, or no visible HUD has any, or they never
        // can be (no text libraries): no later frame will add anything.
        var complete = true
        for layer in snapshot.layers where layer.presentation.isVisible {
            topmost = layer.id
            if !renderer.isTextReady, !renderer.textUnavailable,
               !layer.configuration.label.text.isEmpty || !layer.configuration.detailsLabel.text.isEmpty {
                complete = false
            }
        }
        topmostID = topmost
        lastFrameComplete = complete
        var content = FrameContent()
        if let layer = snapshot.layers.last(where: { $0.presentation.isVisible }) {
            content.mode = layer.configuration.mode
            content.hasText = !layer.configuration.label.text.isEmpty || !layer.configuration.detailsLabel.text.isEmpty
        }
        content.graphicsMissing = renderer.textUnavailable
        content.logo = renderer.drawsLogo
        content.textDrawn = content.hasText && renderer.isTextReady
        tracker.frameChanged(update.damage)
        contentTracker?.frameChanged(update.contentDamage)
        // On its own plane the HUD flips only when it changed: the screen shows it all already.
        if contentTracker != nil, let front, front != index, tracker.regionToRepaint(buffer: front).isEmpty { return .empty }
        var region = tracker.regionToRepaint(buffer: index)
        guard !region.isEmpty else { return .empty }
        do {
            // The Swift painter whenever it can; a buffer that changes painter
            // is repainted whole, so no bezel is left half from one painter and
            // half from the other (they agree to within anti-aliasing).
            let swift = renderer.canDrawWithoutCairo
            if let last = paintedWithoutCairo[index], last != swift {
                region = DamageRegion([PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)])
            }
            if swift {
                _ = try renderer.drawWithoutCairo(into: buffer, region: region)
            } else {
                try renderer.draw(into: buffer, region: region)
            }
            paintedWithoutCairo[index] = swift
            lastPaintWithoutCairo = swift
            content.withoutCairo = swift
            tracker.bufferRepainted(index)
            lastFrameContent = content
        } catch {
            onProblem?("\(error)")
        }
        return region.bounds
    }

    /// Whether the text libraries could not be loaded, so no frame has its labels.
    public var drawsWithoutGraphicsLibraries: Bool { renderer.textUnavailable }

    /// Whether the last frame was drawn without Cairo (`HUDRenderer.drawWithoutCairo`).
    public var lastFrameWithoutCairo: Bool { lastPaintWithoutCairo }

    /// After the first frame, unless it had its labels, a text engine is made
    /// on a helper thread (the text libraries, fontconfig when there is no
    /// recorded font list, the first frame's fonts opened and shaped) and the
    /// renderer adopts it on the loop: labels of the first frame join the next
    /// one, and a label that arrives later (a boot's first message) does not
    /// wait for any of it.
    public func framePresented() {
        guard !textRequested else { return }
        textRequested = true
        guard !renderer.isTextReady, !renderer.textUnavailable else { return }
        let job = TextJob(painter: self, language: renderer.style.language, fonts: firstFonts)
        let context = Unmanaged.passRetained(job).toOpaque()
        var tid = pthread_t()
        let started = pthread_create(&tid, nil, { context in
            let job = Unmanaged<TextJob>.fromOpaque(context!).takeRetainedValue()
            let prepared = HUDRenderer.prepareText(language: job.language, fonts: job.fonts)
            let painter = job.painter
            painter.loop.execute { [painter] in painter.textPrepared(prepared) }
            return nil
        }, context) == 0
        if started {
            pthread_detach(tid)
        } else {
            Unmanaged<TextJob>.fromOpaque(context).release()
            renderer.prepareText()
            onNeedsFrame?()
        }
    }

    /// What the helper thread gets: immutable, handed over once.
    private final class TextJob: @unchecked Sendable {
        let painter: RendererPainter
        let language: String
        let fonts: [HUDFont]
        init(painter: RendererPainter, language: String, fonts: [HUDFont]) {
            self.painter = painter
            self.language = language
            self.fonts = fonts
        }
    }

    private func textPrepared(_ prepared: PreparedText) {
        let had = renderer.isTextReady
        renderer.adopt(prepared)
        // The language changed meanwhile (a new theme): make one on the loop.
        if !renderer.isTextReady, !renderer.textUnavailable { renderer.prepareText() }
        if !had { onNeedsFrame?() }
    }

    public func invalidateAll() {
        tracker.invalidateAll()
        contentTracker?.invalidateAll()
    }

    /// Paints what the picture's plane buffer `index` lacks (overlay path),
    /// unless the buffer on screen shows it all: that plane then stays as it is.
    public func paintContent(into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect {
        guard var contentTracker else { return .empty }
        if let front, front != index, contentTracker.regionToRepaint(buffer: front).isEmpty { return .empty }
        let region = contentTracker.regionToRepaint(buffer: index)
        guard !region.isEmpty else { return .empty }
        do {
            try renderer.drawContent(into: buffer, region: region)
            contentTracker.bufferRepainted(index)
            self.contentTracker = contentTracker
        } catch {
            onProblem?("\(error)")
        }
        return region.bounds
    }

    /// With the app's picture, frames go on with no HUD visible.
    public var drawsWithoutHUDs: Bool { renderer.content != nil || keepsScreen }
    /// Draw the empty picture rather than give the screen back when no HUD
    /// is visible (a head whose frames are read back: they need a commit).
    public var keepsScreen = false

    /// Whether the HUD is drawn on an overlay plane over the picture.
    public var drawsOverlayPlane: Bool { renderer.target == .overlayPlane }

    /// A new theme (the daemon's SIGHUP / `reload`): everything is redrawn.
    public func apply(style: HUDRenderStyle, backdrop: HUDBackdrop) {
        renderer.setStyle(style)
        renderer.setBackdrop(backdrop)
        onNeedsFrame?()
    }

    /// Where each drawn HUD's button is, in points on the upright picture, by HUD id (`HUDStack.setButtonFrames`).
    public var buttonFrames: [Int: HUDRect] { renderer.buttonFrames() }

    /// The topmost HUD's button in the last painted frame, in pixels; nil when it has none.
    public var lastButtonRect: PixelRect? { topmostID.flatMap { renderer.buttonFrame(id: $0) } }

    /// The buffers' size in pixels.
    public var pixelSize: (width: Int, height: Int) { (renderer.geometry.pixelWidth, renderer.geometry.pixelHeight) }

    /// A pixel of this output's buffers as a point on the upright picture (input positions).
    public func hudPoint(deviceX: Double, deviceY: Double) -> HUDPoint {
        renderer.geometry.hudPoint(deviceX: deviceX, deviceY: deviceY)
    }

    /// Where the topmost HUD's bezel, indicator and label were in the last
    /// painted frame, in pixels (for `--stats` and screen checks).
    public var lastLayoutRects: (bezel: PixelRect, indicator: PixelRect, label: PixelRect)? {
        guard let id = topmostID, let bezel = renderer.bezelFrame(id: id) else { return nil }
        func r(_ p: PixelRect?) -> PixelRect {
            p ?? .empty
        }
        return (r(bezel), r(renderer.indicatorFrame(id: id)), r(renderer.textFrames(id: id).label))
    }
}
