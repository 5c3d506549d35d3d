internal import CPixman
import HUDCore

/// Draws into a `PixmanImage` in device pixels: colours, images under any
/// similarity transform, shapes (`ShapeDistance`, anti-aliased by their
/// distance, as `CoveragePainter` does) and label masks, each composited by
/// pixman (`pixman_image_composite32`) inside `clip`.
struct Canvas {
    /// How what is drawn combines with the pixels under it.
    enum Operator {
        /// Replaces them.
        case source
        /// Over them, by the drawn alpha.
        case over
        /// Clears them to transparent (or black).
        case clear
        /// Keeps them where the drawn shape covers them, scaled by its
        /// coverage, and clears them elsewhere in the clip (pixman's IN_REVERSE).
        case keepCovered

        var pixman: pixman_op_t {
            switch self {
            case .source: return PIXMAN_OP_SRC
            case .over: return PIXMAN_OP_OVER
            case .clear: return PIXMAN_OP_CLEAR
            case .keepCovered: return PIXMAN_OP_IN_REVERSE
            }
        }
    }

    let image: PixmanImage
    /// Device pixels → this image's pixels: a translation for an image that
    /// holds one part of the screen, a scale for a downscaled blur source.
    let view: Affine
    /// The image pixels drawn into; nothing outside changes.
    let clip: PixelRect

    init(_ image: PixmanImage, view: Affine = .identity, clip: PixelRect? = nil) {
        self.image = image
        self.view = view
        let all = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        self.clip = clip?.intersection(all) ?? all
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
        return Canvas(image, view: view, clip: clip.intersection(r))
    }

    /// Paints `color` (its alpha times `alpha`) over the whole clip.
    func paint(_ color: HUDColor, alpha: Double = 1, op: Operator = .over) {
        guard !clip.isEmpty else { return }
        withSolid(color, alpha: alpha) { src in
            pixman_image_composite32(op.pixman, src, nil, image.image, 0, 0, 0, 0,
                                     Int32(clip.x), Int32(clip.y), Int32(clip.width), Int32(clip.height))
        }
    }

    /// Paints `source` placed by `sourceToDevice` (its pixels → device
    /// pixels), bilinearly filtered when `smooth`, its edge pixels repeated
    /// outward when `pad`, at `alpha`.
    func paint(_ source: PixmanImage, placed sourceToDevice: Affine, smooth: Bool, pad: Bool = false,
               alpha: Double = 1, op: Operator = .over) {
        guard !clip.isEmpty, alpha > 0 || op == .source else { return }
        let toSource = view.after(sourceToDevice).inverted
        let shift = toSource.wholePixelTranslation
        let integral = shift != nil
        var sx = Int32(clip.x), sy = Int32(clip.y)
        if let shift {
            sx += shift.x
            sy += shift.y
        } else {
            var t = toSource.pixmanTransform
            _ = pixman_image_set_transform(source.image, &t)
            _ = pixman_image_set_filter(source.image, smooth ? PIXMAN_FILTER_BILINEAR : PIXMAN_FILTER_NEAREST, nil, 0)
        }
        pixman_image_set_repeat(source.image, pad ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
        defer {
            if !integral { _ = pixman_image_set_transform(source.image, nil) }
            pixman_image_set_repeat(source.image, PIXMAN_REPEAT_NONE)
        }
        if alpha < 1 {
            withSolid(HUDColor(red: 0, green: 0, blue: 0, alpha: 1), alpha: alpha) { mask in
                pixman_image_composite32(op.pixman, source.image, mask, image.image, sx, sy, 0, 0,
                                         Int32(clip.x), Int32(clip.y), Int32(clip.width), Int32(clip.height))
            }
        } else {
            pixman_image_composite32(op.pixman, source.image, nil, image.image, sx, sy, 0, 0,
                                     Int32(clip.x), Int32(clip.y), Int32(clip.width), Int32(clip.height))
        }
    }

    /// Fills `shape` (points, placed by `space`: points → device pixels) in
    /// `color` at `alpha`. With `.keepCovered` the whole clip is affected.
    func fill(_ shape: ShapeDistance, space: Affine, color: HUDColor = HUDColor(red: 1, green: 1, blue: 1),
              alpha: Double = 1, op: Operator = .over) throws(RenderError) {
        let toImage = view.after(space)
        var r = clip
        if op != .keepCovered, let b = shape.bounds { r = r.intersection(Self.bounds(of: b, under: toImage, outset: 1)) }
        guard !r.isEmpty else { return }
        let mask = try PixmanImage(format: .a8, width: r.width, height: r.height)
        let back = toImage.inverted
        let perUnit = toImage.scaleFactor
        var inner = PixelRect.empty
        if let i = shape.interior {
            inner = Self.bounds(of: i, under: toImage, outset: 0).insetBy(1).intersection(r)
        }
        for y in r.y..<(r.y + r.height) {
            let row = (mask.data + (y - r.y) * mask.stride).assumingMemoryBound(to: UInt8.self)
            let rowInside = !inner.isEmpty && y >= inner.y && y < inner.y + inner.height
            for x in r.x..<(r.x + r.width) {
                if rowInside, x >= inner.x, x < inner.x + inner.width {
                    row[x - r.x] = 255
                    continue
                }
                let p = back.apply(Double(x) + 0.5, Double(y) + 0.5)
                let c = min(max(0.5 - shape.distance(p.x, p.y) * perUnit, 0), 1)
                row[x - r.x] = UInt8((c * 255).rounded())
            }
        }
        withSolid(color, alpha: alpha) { src in
            pixman_image_composite32(op.pixman, src, mask.image, image.image, 0, 0, 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
    }

    /// Blends `color` at `alpha` through the coverage image `mask` (8-bit),
    /// placed by `maskToDevice`, bilinearly filtered unless it lands on whole pixels.
    func fill(mask: PixmanImage, placed maskToDevice: Affine, color: HUDColor, alpha: Double = 1) {
        guard !clip.isEmpty else { return }
        let toImage = view.after(maskToDevice)
        let r = clip.intersection(Self.bounds(of: LayoutRect(x: 0, y: 0, width: Double(mask.width), height: Double(mask.height)),
                                              under: toImage, outset: 1))
        guard !r.isEmpty else { return }
        let toMask = toImage.inverted
        let shift = toMask.wholePixelTranslation
        let integral = shift != nil
        var mx = Int32(r.x), my = Int32(r.y)
        if let shift {
            mx += shift.x
            my += shift.y
        } else {
            var t = toMask.pixmanTransform
            _ = pixman_image_set_transform(mask.image, &t)
            _ = pixman_image_set_filter(mask.image, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        defer { if !integral { _ = pixman_image_set_transform(mask.image, nil) } }
        withSolid(color, alpha: alpha) { src in
            pixman_image_composite32(PIXMAN_OP_OVER, src, mask.image, image.image, 0, 0, mx, my,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
    }

    /// A solid source of `color` at `alpha`, premultiplied as pixman takes it.
    private func withSolid(_ color: HUDColor, alpha: Double, _ body: (OpaquePointer) -> Void) {
        let a = min(max(color.alpha * alpha, 0), 1)
        func c(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * a * 65535).rounded()) }
        var solid = pixman_color_t(red: c(color.red), green: c(color.green), blue: c(color.blue), alpha: UInt16((a * 65535).rounded()))
        guard let src = pixman_image_create_solid_fill(&solid) else { return }
        defer { _ = pixman_image_unref(src) }
        body(src)
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
