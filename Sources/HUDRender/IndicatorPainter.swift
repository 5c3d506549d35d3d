internal import CCairo
import Glibc
import HUDCore

/// Draws MBProgressHUD's indicators with Cairo, in points, in a box.
enum IndicatorPainter {
    /// MBBarProgressView's size.
    static let barSize = HUDSize(width: 120, height: 10)
    /// Line width of the ring, pie outline and bar border (MBProgressHUD: 2).
    static let lineWidth: Double = 2
    /// Gap between the bar's border and its fill.
    static let barFillInset: Double = 3

    static func setColor(_ cr: OpaquePointer, _ c: HUDColor, alpha: Double) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    /// UIActivityIndicatorView's look: 12 rounded spokes, the leading one
    /// opaque and the ones behind it fading; `phase` in turns moves the lead
    /// clockwise from 12 o'clock.
    static func spinner(_ cr: OpaquePointer, in box: LayoutRect, phase: Double, color: HUDColor, alpha: Double) {
        let steps = HUDPresentation.spinnerSteps
        let size = min(box.width, box.height)
        let spokeWidth = size * 0.09
        let outer = size / 2 - spokeWidth / 2
        let inner = size * 0.24
        let lead = Int((phase * Double(steps)).rounded()) % steps
        cairo_set_line_width(cr, spokeWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for k in 0..<steps {
            // k steps behind the leading spoke.
            let spoke = (lead - k + steps) % steps
            let angle = Double(spoke) / Double(steps) * 2 * Double.pi - Double.pi / 2
            let c = cos(angle), s = sin(angle)
            cairo_move_to(cr, box.midX + c * inner, box.midY + s * inner)
            cairo_line_to(cr, box.midX + c * outer, box.midY + s * outer)
            setColor(cr, color, alpha: alpha * (1 - 0.75 * Double(k) / Double(steps - 1)))
            cairo_stroke(cr)
        }
    }

    /// MBRoundProgressView, annular: a faint full ring and the progress arc
    /// from 12 o'clock clockwise.
    static func ring(_ cr: OpaquePointer, in box: LayoutRect, progress: Double, color: HUDColor, alpha: Double) {
        let radius = (min(box.width, box.height) - lineWidth) / 2
        cairo_set_line_width(cr, lineWidth)
        cairo_new_path(cr)
        cairo_arc(cr, box.midX, box.midY, radius, 0, 2 * Double.pi)
        setColor(cr, color.multiplyingAlpha(by: 0.1), alpha: alpha)
        cairo_stroke(cr)
        guard progress > 0 else { return }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let start = -Double.pi / 2
        cairo_new_path(cr)
        cairo_arc(cr, box.midX, box.midY, radius, start, start + 2 * Double.pi * min(progress, 1))
        setColor(cr, color, alpha: alpha)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    }

    /// MBRoundProgressView, not annular: a faint disc with an outline and a
    /// pie from 12 o'clock clockwise.
    static func pie(_ cr: OpaquePointer, in box: LayoutRect, progress: Double, color: HUDColor, alpha: Double) {
        let radius = (min(box.width, box.height) - lineWidth) / 2
        cairo_new_path(cr)
        cairo_arc(cr, box.midX, box.midY, radius, 0, 2 * Double.pi)
        setColor(cr, color.multiplyingAlpha(by: 0.1), alpha: alpha)
        cairo_fill_preserve(cr)
        cairo_set_line_width(cr, lineWidth)
        setColor(cr, color, alpha: alpha)
        cairo_stroke(cr)
        guard progress > 0 else { return }
        let pieRadius = radius - lineWidth * 1.5
        let start = -Double.pi / 2
        cairo_move_to(cr, box.midX, box.midY)
        cairo_arc(cr, box.midX, box.midY, pieRadius, start, start + 2 * Double.pi * min(progress, 1))
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// MBBarProgressView: a pill outline (2 pt) and a pill fill whose width is
    /// the progress fraction of the inner width.
    static func bar(_ cr: OpaquePointer, in box: LayoutRect, progress: Double, color: HUDColor, alpha: Double) {
        let outline = box.insetBy(lineWidth / 2)
        pill(cr, outline)
        cairo_set_line_width(cr, lineWidth)
        setColor(cr, color, alpha: alpha)
        cairo_stroke(cr)
        guard progress > 0 else { return }
        let inner = box.insetBy(barFillInset)
        cairo_save(cr)
        pill(cr, inner)
        cairo_clip(cr)
        cairo_rectangle(cr, inner.x, inner.y, inner.width * min(progress, 1), inner.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A check mark (success).
    static func check(_ cr: OpaquePointer, in box: LayoutRect, color: HUDColor, alpha: Double) {
        let s = min(box.width, box.height), x = box.midX - s / 2, y = box.midY - s / 2
        cairo_move_to(cr, x + s * 0.18, y + s * 0.52)
        cairo_line_to(cr, x + s * 0.41, y + s * 0.75)
        cairo_line_to(cr, x + s * 0.84, y + s * 0.27)
        stroke(cr, width: s * 0.1, color: color, alpha: alpha)
    }

    /// A cross (failure).
    static func cross(_ cr: OpaquePointer, in box: LayoutRect, color: HUDColor, alpha: Double) {
        let s = min(box.width, box.height), x = box.midX - s / 2, y = box.midY - s / 2
        cairo_move_to(cr, x + s * 0.22, y + s * 0.22)
        cairo_line_to(cr, x + s * 0.78, y + s * 0.78)
        cairo_move_to(cr, x + s * 0.78, y + s * 0.22)
        cairo_line_to(cr, x + s * 0.22, y + s * 0.78)
        stroke(cr, width: s * 0.1, color: color, alpha: alpha)
    }

    private static func stroke(_ cr: OpaquePointer, width: Double, color: HUDColor, alpha: Double) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        setColor(cr, color, alpha: alpha)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }

    /// A rectangle with fully rounded ends.
    static func pill(_ cr: OpaquePointer, _ r: LayoutRect) {
        roundedRect(cr, r, radius: min(r.width, r.height) / 2)
    }

    static func roundedRect(_ cr: OpaquePointer, _ r: LayoutRect, radius: Double) {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        cairo_new_sub_path(cr)
        if rad == 0 {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        cairo_arc(cr, r.maxX - rad, r.y + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.x + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.x + rad, r.y + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
