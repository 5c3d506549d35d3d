internal import CCairo
import HUDCore

extension HUDRenderer {
    /// The device pixels the app's picture changed since the last update
    /// (everything when this renderer lagged beyond the picture's history).
    func takeContentChanges() -> DamageRegion {
        guard let content, content.generation != contentSeen else { return DamageRegion() }
        defer { contentSeen = content.generation }
        contentChangeCount += 1
        guard let rects = content.changes(since: contentSeen) else { return DamageRegion([geometry.bounds]) }
        var damage = DamageRegion()
        for r in rects { damage.add(contentDeviceRect(r)) }
        return damage
    }

    /// The bezels whose blur reads pixels in `damage`: repainted, their blur
    /// recomputed (`blurContentStamp` is part of the blur's key).
    func bezelsSeeing(_ damage: DamageRegion) -> DamageRegion {
        var bezels = DamageRegion()
        for s in scenes where s.configuration.bezelStyle == .blur && !s.drawnDevice.isEmpty {
            let reads = blurNeeds(s)
            if damage.rects.contains(where: { $0.intersects(reads) }) {
                blurContentStamp[s.id] = contentChangeCount
                bezels.add(s.drawnDevice)
            }
        }
        return bezels
    }

    /// Where rectangle `r` of the app's picture lands in this renderer's buffers.
    func contentDeviceRect(_ r: PixelRect) -> PixelRect {
        guard let content else { return .empty }
        let sx = geometry.logicalWidth / Double(content.width), sy = geometry.logicalHeight / Double(content.height)
        let exact = contentIsPixelExact
        let rect = geometry.deviceRect(x: Double(r.x) * sx, y: Double(r.y) * sy,
                                       width: Double(r.width) * sx, height: Double(r.height) * sy)
        // Scaled, bilinear filtering reaches a pixel further.
        return exact ? rect : rect.insetBy(-1).intersection(geometry.bounds)
    }

    /// Whether the picture's pixels map one to one onto device pixels.
    var contentIsPixelExact: Bool {
        guard let content else { return true }
        return Double(content.width) == geometry.logicalWidth * geometry.scale
            && Double(content.height) == geometry.logicalHeight * geometry.scale
    }

    /// Paints the app's picture over the whole clip of `cr` (device pixels
    /// in `cr`'s current matrix), replacing what was there. False without one.
    func paintContent(_ cr: OpaquePointer) throws(RenderError) -> Bool {
        guard let content else { return false }
        let surface: CairoImage
        if let s = contentSurface {
            surface = s
        } else {
            surface = try CairoImage(wrapping: content.pixels)
            contentSurface = surface
        }
        // The app draws behind Cairo's back: nothing of it may be cached.
        cairo_surface_mark_dirty(surface.surface)
        cairo_save(cr)
        var m = geometry.matrix
        cairo_transform(cr, &m)
        cairo_scale(cr, geometry.logicalWidth / Double(content.width), geometry.logicalHeight / Double(content.height))
        cairo_set_source_surface(cr, surface.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), contentIsPixelExact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    /// Paints `region` of the app's picture alone (turned and scaled like
    /// the HUDs) into `buffer`: the plane under an overlay plane's HUD.
    /// Without a picture it paints the backdrop colour.
    public func drawContent(into buffer: PixelBuffer, region: DamageRegion) throws(RenderError) {
        guard buffer.width == geometry.pixelWidth, buffer.height == geometry.pixelHeight else {
            throw .bufferMismatch(expected: "\(geometry.pixelWidth)×\(geometry.pixelHeight)",
                                  found: "\(buffer.width)×\(buffer.height)")
        }
        let target = try targetSurface(for: buffer)
        let cr = target.makeContext()
        defer { cairo_destroy(cr) }
        for raw in region.rects {
            let rect = raw.intersection(geometry.bounds)
            guard !rect.isEmpty else { continue }
            cairo_save(cr)
            cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(cr)
            if try !paintContent(cr) {
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgb(cr, backdrop.color.red, backdrop.color.green, backdrop.color.blue)
                cairo_paint(cr)
            }
            cairo_restore(cr)
        }
        cairo_surface_flush(target.surface)
    }
}
