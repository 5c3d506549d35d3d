#if canImport(Glibc)
import Glibc
#endif
import CCairo
import HUDCore
import Synchronization

/// Renders label text with Pango (loaded at run time, see `PangoLibrary`) on its own thread, so loading fontconfig and
/// fonts (several frames' worth of time) never delays a frame: the bezel and
/// indicator show first and the labels join when ready.
///
/// `request` queues a label; when it is rendered, `image(for:)` returns it and
/// `onReady` is called (on the rasterizer's thread).
public final class LabelRasterizer: @unchecked Sendable {
    private struct State {
        var queue: [LabelKey] = []
        var done: [LabelKey: LabelImage] = [:]
        var working = false
        var failed: Set<LabelKey> = []
    }
    private let state = Mutex(State())
    private let onReady: @Sendable () -> Void

    public init(onReady: @escaping @Sendable () -> Void) {
        self.onReady = onReady
    }

    /// The rendered label, or nil (and a request queued) if it is not ready.
    public func image(for key: LabelKey) -> LabelImage? {
        let (image, start) = state.withLock { s -> (LabelImage?, Bool) in
            if let image = s.done[key] { return (image, false) }
            if s.failed.contains(key) { return (nil, false) }
            if !s.queue.contains(key) { s.queue.append(key) }
            guard !s.working else { return (nil, false) }
            s.working = true
            return (nil, true)
        }
        if start { startWorker() }
        return image
    }

    /// Drops rendered labels not in `keep` (text that changed).
    public func retain(only keep: Set<LabelKey>) {
        state.withLock { s in
            if s.done.count > keep.count { s.done = s.done.filter { keep.contains($0.key) } }
        }
    }

    private func startWorker() {
        var tid = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&tid, nil, { context in
            let me = Unmanaged<LabelRasterizer>.fromOpaque(context!).takeRetainedValue()
            me.work()
            return nil
        }, context)
        if rc == 0 {
            pthread_detach(tid)
        } else {
            Unmanaged<LabelRasterizer>.fromOpaque(context).release()
            work()  // no thread: render here rather than never
        }
    }

    private func work() {
        while let key = state.withLock({ s -> LabelKey? in
            if s.queue.isEmpty { s.working = false; return nil }
            return s.queue.removeFirst()
        }) {
            let image = Self.render(key)
            state.withLock { s in
                if let image { s.done[key] = image } else { s.failed.insert(key) }
            }
            onReady()
        }
    }

    /// Lays out and draws one label (Pango, centred, wrapped at the width,
    /// ellipsized after `maximumLines`); nil if Pango cannot be loaded.
    static func render(_ key: LabelKey) -> LabelImage? {
        guard let pango = try? PangoLibrary.shared() else { return nil }
        guard let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        let measure = cairo_create(scratch)
        defer { cairo_destroy(measure); cairo_surface_destroy(scratch) }
        guard let layout = pango.createLayout(measure) else { return nil }
        defer { pango.objectUnref(UnsafeMutableRawPointer(layout)) }
        let desc = pango.fontNew()
        defer { pango.fontFree(desc) }
        pango.fontSetFamily(desc, key.font.family)
        pango.fontSetWeight(desc, key.font.bold ? PangoLibrary.weightBold : PangoLibrary.weightNormal)
        pango.fontSetAbsoluteSize(desc, key.font.size * Double(PangoLibrary.scale))
        pango.setFontDescription(layout, desc)
        pango.setAlignment(layout, PangoLibrary.alignCenter)
        pango.setWidth(layout, Int32(clamping: max(1, key.maximumWidth)) * PangoLibrary.scale)
        pango.setWrap(layout, PangoLibrary.wrapWordChar)
        if key.maximumLines > 0 {
            pango.setHeight(layout, -Int32(clamping: key.maximumLines))
            pango.setEllipsize(layout, PangoLibrary.ellipsizeEnd)
        }
        pango.setText(layout, key.text, -1)
        var ink: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        var logical: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        withUnsafeMutablePointer(to: &ink) { i in
            withUnsafeMutablePointer(to: &logical) { l in
                i.withMemoryRebound(to: Int32.self, capacity: 4) { i in
                    l.withMemoryRebound(to: Int32.self, capacity: 4) { l in pango.pixelExtents(layout, i, l) }
                }
            }
        }
        let w = max(1, Int(logical.2)), h = max(1, Int(logical.3))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        let cr = cairo_create(surface)
        cairo_set_source_rgba(cr, key.color.red, key.color.green, key.color.blue, key.color.alpha)
        cairo_move_to(cr, -Double(logical.0), -Double(logical.1))
        pango.showLayout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return LabelImage(surface: surface, width: w, height: h)
    }
}
