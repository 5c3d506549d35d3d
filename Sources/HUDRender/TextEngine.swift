internal import CCairo
internal import CPangoCairo
import HUDCore

/// A Pango context on the calling thread's font map. The first layout in a
/// process loads fontconfig and the fonts (10–30 ms), which is why the
/// renderer can draw frames before `prepareText()`.
final class TextEngine {
    let context: OpaquePointer

    init(language: String) {
        // The thread's default font map (pango_cairo_font_map_get_default):
        // loaded fonts and glyph caches are shared by every renderer on the
        // thread, and font maps are never used across threads.
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        // Metrics independent of the device transform: the same layout at any scale or rotation.
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, kiosk_FALSE)
        if !language.isEmpty {
            pango_context_set_language(context, pango_language_from_string(language))
        }
    }

    deinit {
        kiosk_g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Loads fontconfig and the default fonts by laying out and drawing a
    /// short string in MBProgressHUD's two fonts, so the first real label
    /// finds the font files open and Cairo's font faces made.
    func warmUp() {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 8, 8) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        for font in [HUDFont.label, .details] {
            let block = TextBlock(engine: self, label: HUDLabel(text: "Ag", font: font, maximumLines: 1),
                                  maximumWidth: 100, alignment: .center)
            block.draw(cr, x: 0, y: 0, color: .black)
        }
    }
}
