import HUDCore
import HUDText

/// One label laid out (`TextLayout`): wrapped at a width, ellipsized past its
/// line limit, measured in points; rasterised once per scale into the
/// coverage mask both painters draw, so a label is the same pixels whether
/// `Canvas` or `CoveragePainter` puts it on screen.
final class TextBlock {
    private let layout: TextLayout
    let label: HUDLabel
    private var mask: (scale: Double, mask: TextMask)?
    private var maskImage: (scale: Double, image: CairoImage)?

    /// - Parameter semibold: overrides the font's weight (the button's title).
    init(engine: TextEngine, label: HUDLabel, maximumWidth: Double, alignment: TextAlignment, semibold: Bool = false) {
        self.label = label
        layout = TextLayout(text: label.text, request: engine.request(label.font, semibold: semibold),
                            points: label.font.size, catalog: engine.catalog, maximumWidth: maximumWidth,
                            maximumLines: max(0, label.maximumLines), alignment: alignment)
    }

    var maximumWidth: Double { layout.maximumWidth }
    var alignment: TextAlignment { layout.alignment }
    /// Width of the widest line and height of all lines, in points.
    var width: Double { layout.width }
    var height: Double { layout.height }
    /// The width lines are aligned in (≥ `width`).
    var columnWidth: Double { layout.columnWidth }

    /// Aligns lines within `column` points. Never re-wraps.
    func setColumnWidth(_ column: Double) {
        let before = layout.columnWidth
        layout.setColumnWidth(column)
        if layout.columnWidth != before {
            mask = nil
            maskImage = nil
        }
    }

    /// Characters no font could show (drawn as boxes); 0 when every glyph exists.
    var unknownGlyphCount: Int { layout.unknownGlyphCount }
    /// Lines after wrapping and ellipsizing.
    var lineCount: Int { layout.lineCount }
    /// Whether the text was shortened with an ellipsis.
    var isEllipsized: Bool { layout.isEllipsized }
    /// Whether the text at its start reads right to left.
    var isRightToLeft: Bool { layout.isRightToLeft }

    /// The coverage at `scale` device pixels per point, made once per scale and column.
    func mask(scale: Double) -> TextMask {
        if let m = mask, m.scale == scale { return m.mask }
        let made = layout.mask(scale: scale)
        mask = (scale, made)
        return made
    }

    /// Where the block's top-left corner lands when asked for (x, y): on a
    /// whole device pixel, so the mask's pixels are the device's at any quarter turn.
    static func origin(x: Double, y: Double, scale: Double) -> (x: Double, y: Double) {
        ((x * scale).rounded() / scale, (y * scale).rounded() / scale)
    }

    /// Draws with the top-left of the column at (x, y) in points, placed on
    /// the device by `space` (points → device pixels, `scale` pixels a point
    /// before any zoom): the mask in `color` through Cairo (`cairo_mask`).
    func draw(on canvas: Canvas, x: Double, y: Double, color: HUDColor, space: Affine, scale: Double,
              alpha: Double = 1) throws(RenderError) {
        let image: CairoImage
        if let m = maskImage, m.scale == scale {
            image = m.image
        } else {
            let m = mask(scale: scale)
            guard m.width > 0, m.height > 0 else { return }
            image = try CairoImage(m)
            maskImage = (scale, image)
        }
        let m = mask(scale: scale)
        let o = Self.origin(x: x, y: y, scale: scale)
        let pad = Double(m.padding) / scale
        let place = space.after(Affine.translation(o.x - pad, o.y - pad)).after(.scaling(1 / scale))
        canvas.fill(mask: image, placed: place, color: color, alpha: alpha)
    }
}
