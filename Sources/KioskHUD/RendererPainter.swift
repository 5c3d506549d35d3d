#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDFrames
import HUDRender

/// Puts `HUDRenderer` (blurred bezels, themes, text engine) behind the frame
/// loop's `FramePainter`: the renderer says what changed, a
/// `BufferDamageTracker` says what each scanout buffer lacks, and only that
/// is drawn. For a display, text is left out of the first frame
/// (`.afterPrepareText`); after it, fonts load on another thread and labels
/// join a frame later.
public final class RendererPainter: FramePainter, @unchecked Sendable {
    public var onNeedsFrame: (@Sendable () -> Void)?
    public private(set) var lastFrameComplete = true
    private let renderer: HUDRenderer
    private var tracker: BufferDamageTracker
    /// The buffers of the picture's own plane (overlay path), if any.
    private var contentTracker: BufferDamageTracker?
    private let loop: EventLoop
    private var textRequested = false
    /// Per buffer, where `drawWithoutCairo` drew shapes that await a Cairo repaint.
    private var paintedWithoutCairo: [Int: PixelRect] = [:]
    private var topmostID: Int?
    private var pendingProblems: [String] = []
    /// What the last painted frame showed (start-up log lines).
    public private(set) var lastFrameContent = FrameContent()
    /// Problems the renderer reported (missing image, bad font), first seen.
    public var onProblem: (@Sendable (String) -> Void)?

    /// A renderer for `scanout`'s buffers, at `scale` device pixels per
    /// point, turned by `rotation` for the panel. With `textFromFirstFrame`
    /// (`--output png:`, which shows no frame without its labels) Cairo,
    /// Pango and the fonts load now, on this thread.
    public init(scanout: any Scanout, loop: EventLoop, style: HUDRenderStyle = HUDRenderStyle(),
                backdrop: HUDBackdrop = HUDBackdrop(), scale: Double = 1, rotation: ScreenRotation = .none,
                textFromFirstFrame: Bool = false, content: ContentPicture? = nil) throws {
        guard let first = scanout.buffers.first else { throw RenderError.badBuffer("no buffers") }
        // A scanout with a plane for the picture gets the HUD alone, on a transparent plane over it.
        let contentBuffers = scanout.contentBuffers
        renderer = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: first.width, pixelHeight: first.height,
                                                            scale: scale, rotation: rotation),
                               style: style, backdrop: backdrop, textLoading: .afterPrepareText,
                               target: contentBuffers.isEmpty ? .screen : .overlayPlane)
        renderer.setContent(content)
        tracker = BufferDamageTracker(bufferCount: scanout.buffers.count, width: first.width, height: first.height)
        if !contentBuffers.isEmpty {
            contentTracker = BufferDamageTracker(bufferCount: contentBuffers.count, width: first.width, height: first.height)
        }
        self.loop = loop
        if textFromFirstFrame {
            textRequested = true
            if let error = HUDRenderer.tryLoadGraphicsLibraries() {
                graphicsFailed(error)
            } else {
                renderer.prepareText()
            }
        }
    }

    /// Cairo or Pango is missing: the HUD goes on, drawn without them, and says so once.
    private func graphicsFailed(_ error: String) {
        renderer.markGraphicsUnavailable()
        tracker.invalidateAll()
        // Reported with the next frame.
        pendingProblems.append("\(error); drawing without labels or images")
        onNeedsFrame?()
    }

    public func paint(_ snapshot: HUDSnapshot, into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect {
        for p in pendingProblems { onProblem?(p) }
        pendingProblems.removeAll()
        let update = renderer.update(to: snapshot)
        for p in update.problems { onProblem?("\(p)") }
        var topmost: Int?
        // Complete: labels are drawn, or no visible HUD has any, or they never
        // can be (no Cairo/Pango): no later frame will add anything.
        var complete = true
        for layer in snapshot.layers where layer.presentation.isVisible {
            topmost = layer.id
            if !renderer.isTextReady, !renderer.graphicsUnavailable,
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
        content.graphicsMissing = renderer.graphicsUnavailable
        content.logo = renderer.drawsLogo
        content.textDrawn = content.hasText && renderer.isTextReady && !renderer.graphicsUnavailable
        tracker.frameChanged(update.damage)
        contentTracker?.frameChanged(update.contentDamage)
        // On its own plane the HUD flips only when it changed: the screen shows it all already.
        if contentTracker != nil, let front, front != index, tracker.regionToRepaint(buffer: front).isEmpty { return .empty }
        var region = tracker.regionToRepaint(buffer: index)
        guard !region.isEmpty else { return .empty }
        do {
            // Until the text stack is up (it loads Cairo and Pango on the font
            // thread) frames are drawn without Cairo; the first Cairo frame in
            // each such buffer repaints every shape they drew, so no bezel is
            // left half from one painter and half from the other. (Their
            // screen colour equals Cairo's to within rounding.)
            if !renderer.isTextReady, let shapes = try renderer.drawWithoutCairo(into: buffer, region: region) {
                paintedWithoutCairo[index, default: shapes] = paintedWithoutCairo[index, default: shapes].union(shapes)
                content.withoutCairo = true
            } else {
                if let shapes = paintedWithoutCairo.removeValue(forKey: index), !shapes.isEmpty {
                    region.formUnion(DamageRegion([shapes]))
                }
                try renderer.draw(into: buffer, region: region)
            }
            tracker.bufferRepainted(index)
            lastFrameContent = content
        } catch {
            onProblem?("\(error)")
        }
        return region.bounds
    }

    /// Whether Cairo or Pango could not be loaded, so every frame is drawn without them.
    public var drawsWithoutGraphicsLibraries: Bool { renderer.graphicsUnavailable }

    /// Whether the last frame was drawn without Cairo (`HUDRenderer.drawWithoutCairo`).
    public var lastFrameWithoutCairo: Bool { !paintedWithoutCairo.isEmpty && !renderer.isTextReady }

    public func framePresented() {
        guard !textRequested else { return }
        textRequested = true
        // Cairo/Pango, fontconfig and the fonts load on a helper thread; the renderer then
        // takes its text engine on the loop (nearly free once fonts are warm).
        let context = Unmanaged.passRetained(self).toOpaque()
        var tid = pthread_t()
        let started = pthread_create(&tid, nil, { context in
            let me = Unmanaged<RendererPainter>.fromOpaque(context!).takeRetainedValue()
            if let error = HUDRenderer.tryLoadGraphicsLibraries() {
                me.loop.execute { [me] in me.graphicsFailed(error) }
                return nil
            }
            HUDRenderer.preloadFonts()
            me.loop.execute { [me] in me.textReady() }
            return nil
        }, context) == 0
        if started {
            pthread_detach(tid)
        } else {
            Unmanaged<RendererPainter>.fromOpaque(context).release()
            textReady()
        }
    }

    private func textReady() {
        guard !renderer.graphicsUnavailable else { return }
        renderer.prepareText()
        onNeedsFrame?()
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
