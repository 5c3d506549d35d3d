internal import CCairo
import Glibc

/// Each shape as a Cairo path, in the context's current matrix (points in,
/// device pixels out): the same outline whose distance `CoveragePainter`
/// measures, so Cairo's frames and the Swift painter's agree.
extension ShapeDistance {
    /// Fills the shape with the context's source and operator.
    /// An intersection clips by its second shape and fills its first.
    func fill(_ cr: OpaquePointer) {
        switch self {
        case .intersection(let shape, let by):
            cairo_save(cr)
            by.clip(cr)
            shape.fill(cr)
            cairo_restore(cr)
        case .inverted:
            cairo_save(cr)
            clip(cr)
            cairo_paint(cr)
            cairo_restore(cr)
        case .union(let parts) where !parts.allSatisfy(\.isOutline):
            // Coverage of the parts together (OVER of opaque parts), then the source through it.
            cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            for part in parts { part.fill(cr) }
            let coverage = cairo_pop_group(cr)
            cairo_mask(cr, coverage)
            cairo_pattern_destroy(coverage)
        default:
            cairo_new_path(cr)
            appendOutline(cr)
            cairo_fill(cr)
        }
    }

    /// Intersects the context's clip with the shape. An inverted shape clips
    /// to everything outside its outline (even-odd against a rectangle far
    /// larger than any screen), right for any outline that does not cross itself.
    func clip(_ cr: OpaquePointer) {
        switch self {
        case .intersection(let a, let b):
            a.clip(cr)
            b.clip(cr)
        case .inverted(let shape):
            cairo_new_path(cr)
            cairo_rectangle(cr, -1e6, -1e6, 2e6, 2e6)
            shape.appendOutline(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_clip(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        default:
            cairo_new_path(cr)
            appendOutline(cr)
            cairo_clip(cr)
        }
    }

    /// Whether the shape is one outline (or several, filled together by the
    /// non-zero winding rule: every outline here turns the same way).
    private var isOutline: Bool {
        switch self {
        case .roundedRect, .capsule, .arc, .sector: return true
        case .union(let parts): return parts.allSatisfy(\.isOutline)
        case .intersection, .inverted: return false
        }
    }

    /// Adds the outline as closed sub-paths, clockwise on screen (y down).
    func appendOutline(_ cr: OpaquePointer) {
        let quarter = Double.pi / 2
        switch self {
        case .roundedRect(let r, let radius):
            guard r.width > 0, r.height > 0 else { return }
            let rad = max(0, min(radius, min(r.width, r.height) / 2))
            guard rad > 0 else { return cairo_rectangle(cr, r.x, r.y, r.width, r.height) }
            cairo_new_sub_path(cr)
            cairo_arc(cr, r.x + r.width - rad, r.y + rad, rad, -quarter, 0)
            cairo_arc(cr, r.x + r.width - rad, r.y + r.height - rad, rad, 0, quarter)
            cairo_arc(cr, r.x + rad, r.y + r.height - rad, rad, quarter, 2 * quarter)
            cairo_arc(cr, r.x + rad, r.y + rad, rad, 2 * quarter, 3 * quarter)
            cairo_close_path(cr)
        case .capsule(let a, let b, let width):
            guard width > 0 else { return }
            let along = atan2(b.y - a.y, b.x - a.x)
            cairo_new_sub_path(cr)
            cairo_arc(cr, a.x, a.y, width / 2, along + quarter, along + 3 * quarter)
            cairo_arc(cr, b.x, b.y, width / 2, along - quarter, along + quarter)
            cairo_close_path(cr)
        case .arc(let c, let radius, let width, let fraction):
            guard width > 0 else { return }
            let outer = radius + width / 2, inner = max(0, radius - width / 2)
            if fraction >= 1 {
                cairo_new_sub_path(cr)
                cairo_arc(cr, c.x, c.y, outer, 0, 4 * quarter)
                cairo_close_path(cr)
                guard inner > 0 else { return }
                cairo_new_sub_path(cr)
                cairo_arc_negative(cr, c.x, c.y, inner, 4 * quarter, 0)
                cairo_close_path(cr)
                return
            }
            // From 12 o'clock clockwise, a round cap at each end.
            let start = -quarter, end = -quarter + 4 * quarter * max(fraction, 0)
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, outer, start, end)
            cairo_arc(cr, c.x + radius * cos(end), c.y + radius * sin(end), width / 2, end, end + 2 * quarter)
            cairo_arc_negative(cr, c.x, c.y, inner, end, start)
            cairo_arc(cr, c.x + radius * cos(start), c.y + radius * sin(start), width / 2, start + 2 * quarter, start + 4 * quarter)
            cairo_close_path(cr)
        case .sector(let c, let radius, let fraction):
            guard radius > 0, fraction > 0 else { return }
            cairo_new_sub_path(cr)
            if fraction >= 1 {
                cairo_arc(cr, c.x, c.y, radius, 0, 4 * quarter)
            } else {
                cairo_move_to(cr, c.x, c.y)
                cairo_arc(cr, c.x, c.y, radius, -quarter, -quarter + 4 * quarter * fraction)
            }
            cairo_close_path(cr)
        case .union(let parts):
            for part in parts { part.appendOutline(cr) }
        case .intersection, .inverted:
            // Not an outline: `fill` and `clip` take these apart first.
            break
        }
    }
}
