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

    /// Paints the app's picture over the whole clip of `canvas`, replacing
    /// what was there. False without one.
    func paintContent(_ canvas: Canvas) -> Bool {
        guard let content else { return false }
        let surface: CairoImage
        if let s = contentSurface {
            surface = s
        } else {
            // The picture was checked when it was set (`ContentPicture`).
            guard let s = try? CairoImage(wrapping: content.pixels) else { return false }
            surface = s
            contentSurface = surface
        }
        // The app writes its picture between frames.
        surface.markDirty()
        let toPoints = Affine(xx: geometry.logicalWidth / Double(content.width), yx: 0, xy: 0,
                              yy: geometry.logicalHeight / Double(content.height), x0: 0, y0: 0)
        canvas.paint(surface, placed: geometry.matrix.after(toPoints), smooth: !contentIsPixelExact, pad: true, op: .source)
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
        for raw in region.rects {
            let rect = raw.intersection(geometry.bounds)
            guard !rect.isEmpty else { continue }
            let canvas = Canvas(target, clip: rect)
            if !paintContent(canvas) {
                let c = backdrop.color
                canvas.paint(HUDColor(red: c.red, green: c.green, blue: c.blue), op: .source)
            }
        }
    }
}
