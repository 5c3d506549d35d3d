internal import CCairo
import HUDCore

/// Draws into a `CairoImage` in device pixels with Cairo: colours, images
/// under any similarity transform (a pattern matrix, bilinear or nearest
/// filter), shapes (`ShapeDistance` as Cairo paths, anti-aliased by Cairo's
/// rasteriser) and label masks (`cairo_mask`), each inside `clip`.
struct Canvas {
    /// How what is drawn combines with the pixels under it (Cairo's operators).
    enum Operator {
        /// Replaces them (`CAIRO_OPERATOR_SOURCE`).
        case source
        /// Over them, by the drawn alpha (`CAIRO_OPERATOR_OVER`).
        case over
        /// Clears them to transparent, or black (`CAIRO_OPERATOR_CLEAR`).
        case clear
        /// Keeps them where the drawn shape covers them, scaled by its
        /// coverage, and clears them elsewhere in the clip (`CAIRO_OPERATOR_DEST_IN`).
        case keepCovered

        var cairo: cairo_operator_t {
            switch self {
            case .source: return CAIRO_OPERATOR_SOURCE
            case .over: return CAIRO_OPERATOR_OVER
            case .clear: return CAIRO_OPERATOR_CLEAR
            case .keepCovered: return CAIRO_OPERATOR_DEST_IN
            }
        }
    }

    let image: CairoImage
    /// Device pixels → this image's pixels: a translation for an image that
    /// holds one part of the screen, a scale for a downscaled blur source.
    let view: Affine
    /// The image pixels drawn into; nothing outside changes.
    let clip: PixelRect
    private let context: CairoContext

    init(_ image: CairoImage, view: Affine = .identity, clip: PixelRect? = nil) {
        let all = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        self.init(CairoContext(image), view: view, clip: clip?.intersection(all) ?? all)
    }

    private init(_ context: CairoContext, view: Affine, clip: PixelRect) {
        self.context = context
        image = context.image
        self.view = view
        self.clip = clip
    }

    /// The device pixels the clip shows.
    var deviceClip: PixelRect {
        Self.bounds(of: LayoutRect(x: Double(clip.x), y: Double(clip.y), width: Double(clip.width), height: Double(clip.height)),
                    under: view.inverted, outset: 0)
    }

    /// The same canvas drawing only inside `device` (device pixels).
    func clipped(to device: PixelRect) -> Canvas {
        let r = Self.bounds(of: LayoutRect(x: Double(device.x), y: Double(device.y), width: Double(device.width),
                                           height: Double(device.height)), under: view, outset: 0)
        return Canvas(context, view: view, clip: clip.intersection(r))
    }

    /// Paints `color` (its alpha times `alpha`) over the whole clip.
    func paint(_ color: HUDColor, alpha: Double = 1, op: Operator = .over) {
        draw(op) { cr in
            setSource(cr, color, alpha: alpha)
            cairo_paint(cr)
        }
    }

    /// Paints `source` placed by `sourceToDevice` (its pixels → device
    /// pixels), bilinearly filtered when `smooth`, its edge pixels repeated
    /// outward when `pad` (`CAIRO_EXTEND_PAD`), at `alpha`.
    func paint(_ source: CairoImage, placed sourceToDevice: Affine, smooth: Bool, pad: Bool = false,
               alpha: Double = 1, op: Operator = .over) {
        guard alpha > 0 || op == .source else { return }
        draw(op) { cr in
            let pattern = Self.pattern(source, toSource: view.after(sourceToDevice).inverted, smooth: smooth)
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_extend(pattern, pad ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        }
    }

    /// Fills `shape` (points, placed by `space`: points → device pixels) in
    /// `color` at `alpha`. With `.keepCovered` the whole clip is affected.
    func fill(_ shape: ShapeDistance, space: Affine, color: HUDColor = HUDColor(red: 1, green: 1, blue: 1),
              alpha: Double = 1, op: Operator = .over) throws(RenderError) {
        draw(op) { cr in
            setSource(cr, color, alpha: alpha)
            var m = view.after(space).cairoMatrix
            cairo_set_matrix(cr, &m)
            shape.fill(cr)
        }
        if let failure = status { throw .cairo("cannot fill a shape: \(failure)") }
    }

    /// Blends `color` at `alpha` through the coverage image `mask` (8-bit),
    /// placed by `maskToDevice`, bilinearly filtered unless it lands on whole pixels.
    func fill(mask: CairoImage, placed maskToDevice: Affine, color: HUDColor, alpha: Double = 1) {
        draw(.over) { cr in
            setSource(cr, color, alpha: alpha)
            let pattern = Self.pattern(mask, toSource: view.after(maskToDevice).inverted, smooth: true)
            defer { cairo_pattern_destroy(pattern) }
            cairo_mask(cr, pattern)
        }
    }

    /// Runs `body` with the context clipped to `clip` (whole pixels), the
    /// operator `op` and an identity matrix; restores the state after.
    private func draw(_ op: Operator, _ body: (OpaquePointer) -> Void) {
        guard !clip.isEmpty else { return }
        let cr = context.context
        cairo_save(cr)
        cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
        cairo_clip(cr)
        cairo_set_operator(cr, op.cairo)
        body(cr)
        cairo_restore(cr)
    }

    /// The context's error, when it has one (`cairo_status`): it then draws nothing more.
    private var status: String? {
        let s = cairo_status(context.context)
        return s == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(s))
    }

    /// `color` at `alpha` as the source (Cairo takes it unpremultiplied).
    private func setSource(_ cr: OpaquePointer, _ color: HUDColor, alpha: Double) {
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        cairo_set_source_rgba(cr, c(color.red), c(color.green), c(color.blue), c(color.alpha * alpha))
    }

    /// A surface pattern over `image` seen through `toSource` (drawn pixels →
    /// its pixels): nearest when that is a whole-pixel shift, else bilinear
    /// when `smooth`. The caller destroys it.
    private static func pattern(_ image: CairoImage, toSource: Affine, smooth: Bool) -> OpaquePointer {
        let pattern = cairo_pattern_create_for_surface(image.surface)!
        var m = toSource.cairoMatrix
        cairo_pattern_set_matrix(pattern, &m)
        let filter = smooth && toSource.wholePixelTranslation == nil ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST
        cairo_pattern_set_filter(pattern, filter)
        return pattern
    }

    /// The pixels a rectangle touches under `map`, `outset` pixels wider.
    static func bounds(of r: LayoutRect, under map: Affine, outset: Int) -> PixelRect {
        let corners = [map.apply(r.x, r.y), map.apply(r.x + r.width, r.y), map.apply(r.x, r.y + r.height),
                       map.apply(r.x + r.width, r.y + r.height)]
        let e = 1e-6
        let minX = Int((corners.map(\.x).min()! + e).rounded(.down)), maxX = Int((corners.map(\.x).max()! - e).rounded(.up))
        let minY = Int((corners.map(\.y).min()! + e).rounded(.down)), maxY = Int((corners.map(\.y).max()! - e).rounded(.up))
        return PixelRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY)).insetBy(-outset)
    }
}
