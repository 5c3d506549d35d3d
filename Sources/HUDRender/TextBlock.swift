internal import CCairo
internal import CPangoCairo
import HUDCore

/// One label laid out by Pango (`PangoLayout`): wrapped at a width,
/// ellipsized past its line limit, measured in points.
final class TextBlock {
    private let layout: OpaquePointer
    let label: HUDLabel
    let maximumWidth: Double
    let alignment: TextAlignment
    /// Width of the widest line and height of all lines, in points.
    private(set) var width: Double = 0
    private(set) var height: Double = 0
    /// The width lines are aligned in (≥ `width`).
    private(set) var columnWidth: Double = 0

    /// - Parameter semibold: overrides the font's weight (the button's title).
    init(engine: TextEngine, label: HUDLabel, maximumWidth: Double, alignment: TextAlignment, semibold: Bool = false) {
        self.label = label
        self.maximumWidth = maximumWidth
        self.alignment = alignment
        layout = pango_layout_new(engine.context)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, label.font.family)
        pango_font_description_set_weight(font, semibold ? PANGO_WEIGHT_SEMIBOLD : label.font.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        // Sizes past 1000 pt would only make Cairo rasterise enormous glyphs.
        pango_font_description_set_absolute_size(font, min(label.font.size, 1000) * Double(kiosk_PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, label.text, -1)
        pango_layout_set_auto_dir(layout, kiosk_TRUE)
        pango_layout_set_alignment(layout, alignment == .center ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, kiosk_pango_units_from_double(maximumWidth))
        if label.maximumLines > 0 {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            // A negative height is a line count (pango_layout_set_height).
            pango_layout_set_height(layout, -Int32(clamping: label.maximumLines))
        }
        measure()
        columnWidth = min(width, maximumWidth)
        pango_layout_set_width(layout, kiosk_pango_units_from_double(columnWidth))
    }

    deinit { kiosk_g_object_unref(UnsafeMutableRawPointer(layout)) }

    private func measure() {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(kiosk_PANGO_SCALE)
        width = (Double(logical.width) / scale).rounded(.up)
        height = (Double(logical.height) / scale).rounded(.up)
    }

    /// Aligns lines within `column` points. Never re-wraps: `column` is at
    /// least the widest line and at most the wrap width.
    func setColumnWidth(_ column: Double) {
        let c = min(max(column, width), maximumWidth)
        // Setting the width drops Pango's line cache: only when it changes.
        guard c != columnWidth else { return }
        columnWidth = c
        pango_layout_set_width(layout, kiosk_pango_units_from_double(c))
    }

    /// Characters no font could show (drawn as boxes); 0 when every glyph exists.
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }

    /// Lines after wrapping and ellipsizing.
    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// Whether the text was shortened with an ellipsis.
    var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Whether the text at its start reads right to left.
    var isRightToLeft: Bool { pango_layout_get_direction(layout, 0) == PANGO_DIRECTION_RTL }

    /// Draws with the top-left of the column at (x, y) in the context's user space.
    func draw(_ cr: OpaquePointer, x: Double, y: Double, color: HUDColor, alpha: Double = 1) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
    }
}
