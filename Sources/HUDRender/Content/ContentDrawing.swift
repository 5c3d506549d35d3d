internal import CCairo
import HUDCore
import HUDText

/// A Cairo context on the app's picture (`cairo_create` over its pixels,
/// `CAIRO_FORMAT_RGB24`): picture pixels, (0, 0) at the top left, y down.
/// The calls are Cairo's, typed (each names the one it makes); labels are
/// laid out by KioskHUD's own text stack (`layOut`: fallback fonts, bidi,
/// CJK, Arabic, Thai) and drawn through Cairo as coverage masks, the same
/// pixels the HUD's labels are. Valid only inside `ContentCanvas.drawWithCairo`.
///
/// Swift apps get this wrapper, not Cairo's C functions: those come from
/// KioskHUD's loader (Cairo is `dlopen`ed on first use, not linked), and a
/// `cairo_t` would be a raw pointer in public API. A C app links Cairo itself
/// and draws on its own buffer (Examples/c/cairo-example.c).
public final class ContentDrawing {
    private let context: CairoContext
    private let engines: ContentTextEngines

    init(_ image: CairoImage, engines: ContentTextEngines) {
        context = CairoContext(image)
        self.engines = engines
    }

    private var cr: OpaquePointer { context.context }

    /// What went wrong, once something did (`cairo_status`); drawing then does nothing more.
    public var failure: String? {
        let s = cairo_status(cr)
        return s == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(s))
    }

    // MARK: Source and stroke

    /// `cairo_set_source_rgba`: what fills, strokes and paints draw with. The picture is opaque: alpha blends.
    public func setColor(_ color: HUDColor) {
        func c(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        cairo_set_source_rgba(cr, c(color.red), c(color.green), c(color.blue), c(color.alpha))
    }

    /// `cairo_set_line_width`, in user units.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, max(0, width)) }

    /// Round line caps and joins (`cairo_set_line_cap`/`_join`), or Cairo's default butt caps and miter joins.
    public func setRoundLines(_ round: Bool) {
        cairo_set_line_cap(cr, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
    }

    // MARK: Paths

    /// `cairo_move_to`.
    public func move(toX x: Double, y: Double) { cairo_move_to(cr, x, y) }
    /// `cairo_line_to`.
    public func line(toX x: Double, y: Double) { cairo_line_to(cr, x, y) }
    /// `cairo_curve_to`: a cubic Bézier from the current point.
    public func curve(to end: HUDPoint, control1: HUDPoint, control2: HUDPoint) {
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }
    /// `cairo_arc`: clockwise on screen from `startAngle` to `endAngle` (radians, 0 at 3 o'clock).
    public func arc(center: HUDPoint, radius: Double, from startAngle: Double, to endAngle: Double) {
        cairo_arc(cr, center.x, center.y, max(0, radius), startAngle, endAngle)
    }
    /// `cairo_close_path`.
    public func closePath() { cairo_close_path(cr) }
    /// `cairo_rectangle`.
    public func rectangle(_ r: HUDRect) { cairo_rectangle(cr, r.x, r.y, r.width, r.height) }
    /// A rectangle with corners rounded by `radius` (clamped to half the short side), as the HUD's bezel is.
    public func roundedRectangle(_ r: HUDRect, radius: Double) {
        ShapeDistance.roundedRect(LayoutRect(x: r.x, y: r.y, width: r.width, height: r.height), radius: radius).appendOutline(cr)
    }

    /// `cairo_fill`: fills the path (non-zero winding) and clears it.
    public func fill() { cairo_fill(cr) }
    /// `cairo_stroke`: strokes the path and clears it.
    public func stroke() { cairo_stroke(cr) }
    /// `cairo_paint`: the source over the whole clip.
    public func paint() { cairo_paint(cr) }
    /// `cairo_clip`: narrows the clip to the path and clears it.
    public func clip() { cairo_clip(cr) }

    // MARK: State and transforms

    /// `cairo_save` … `cairo_restore` around `body`: colour, line, clip and transform come back after.
    public func saved<T>(_ body: () throws -> T) rethrows -> T {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }
    /// `cairo_translate`.
    public func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    /// `cairo_scale`.
    public func scale(x: Double, y: Double) { cairo_scale(cr, x, y) }
    /// `cairo_rotate`: clockwise on screen, in radians.
    public func rotate(_ radians: Double) { cairo_rotate(cr, radians) }

    // MARK: Text

    /// Lays `text` out in `font` (fontconfig family list, size in points =
    /// picture pixels before any `scale`): wrapped at `maximumWidth`,
    /// ellipsized past `maximumLines` (0: no limit), shaped for `language`
    /// (a BCP 47 tag such as "ja" or "ar"; empty: the system's).
    /// - Throws: `RenderError.textUnavailable` when the text libraries cannot be loaded.
    public func layOut(_ text: String, font: HUDFont = .label, maximumWidth: Double = 10_000, maximumLines: Int = 0,
                       alignment: TextAlignment = .natural, language: String = "") throws(RenderError) -> ContentText {
        let engine = try engines.engine(language: language)
        let label = HUDLabel(text: text, font: font, maximumLines: maximumLines)
        return ContentText(TextBlock(engine: engine, label: label, maximumWidth: maximumWidth, alignment: alignment))
    }

    /// Draws `text` in `color` with its column's top-left corner at (x, y),
    /// through the current transform: its coverage mask (`cairo_mask_surface`).
    public func draw(_ text: ContentText, x: Double, y: Double, color: HUDColor) throws(RenderError) {
        let mask = text.block.mask(scale: 1)
        guard mask.width > 0, mask.height > 0 else { return }
        let image = try CairoImage(mask)
        saved {
            setColor(color)
            cairo_mask_surface(cr, image.surface, x - Double(mask.padding), y - Double(mask.padding))
        }
    }
}
