#if canImport(Glibc)
import Glibc
#endif
import CCairo
import CPangoCairo
import HUDCore
import Synchronization

/// Renders label text with Pango on its own thread, so loading fontconfig and
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
    /// ellipsized after `maximumLines`).
    static func render(_ key: LabelKey) -> LabelImage? {
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let measure = cairo_create(scratch)
        defer { cairo_destroy(measure); cairo_surface_destroy(scratch) }
        guard let layout = pango_cairo_create_layout(measure) else { return nil }
        defer { kiosk_g_object_unref(UnsafeMutableRawPointer(layout)) }
        let desc = pango_font_description_new()
        defer { pango_font_description_free(desc) }
        pango_font_description_set_family(desc, key.font.family)
        pango_font_description_set_weight(desc, key.font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(desc, key.font.size * Double(kiosk_PANGO_SCALE))
        pango_layout_set_font_description(layout, desc)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_width(layout, Int32(max(1, key.maximumWidth)) * kiosk_PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if key.maximumLines > 0 {
            pango_layout_set_height(layout, -Int32(key.maximumLines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_text(layout, key.text, -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let w = max(1, Int(logical.width)), h = max(1, Int(logical.height))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        let cr = cairo_create(surface)
        cairo_set_source_rgba(cr, key.color.red, key.color.green, key.color.blue, key.color.alpha)
        cairo_move_to(cr, -Double(logical.x), -Double(logical.y))
        pango_cairo_show_layout(cr, layout)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return LabelImage(surface: surface, width: w, height: h)
    }
}
