import CCairo
import Glibc
import HUDCore

extension HUDRenderer {
    /// Paints the backdrop and the first `layerCount` layers into `clip`
    /// (device pixels), optionally with the dimming of the layer after them
    /// (what a blurred bezel sees) or without one layer's dynamic indicator.
    func drawScene(_ cr: OpaquePointer, clip: PixelRect, layerCount: Int,
                   dimmingOf: Int? = nil, skippingIndicatorOf skip: Int? = nil) throws(RenderError) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
        cairo_clip(cr)
        try paintBackdrop(cr)
        for i in 0..<min(layerCount, scenes.count) {
            try drawLayer(cr, index: i, clip: clip, withIndicator: i != skip)
        }
        if let d = dimmingOf, scenes.indices.contains(d), let dim = scenes[d].dimming {
            cairo_set_source_rgba(cr, dim.red, dim.green, dim.blue, dim.alpha)
            cairo_paint(cr)
        }
    }

    private func paintBackdrop(_ cr: OpaquePointer) throws(RenderError) {
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        if logo != nil {
            let image = try backdropSurface()
            cairo_set_source_surface(cr, image.surface, 0, 0)
        } else {
            cairo_set_source_rgb(cr, backdrop.color.red, backdrop.color.green, backdrop.color.blue)
        }
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// The screen colour with the logo centred, drawn once at full size.
    private func backdropSurface() throws(RenderError) -> CairoImage {
        if let backdropImage { return backdropImage }
        let image = try CairoImage(format: CAIRO_FORMAT_RGB24, width: geometry.pixelWidth, height: geometry.pixelHeight)
        let cr = image.makeContext()
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, backdrop.color.red, backdrop.color.green, backdrop.color.blue)
        cairo_paint(cr)
        if let logo {
            var m = geometry.matrix
            cairo_set_matrix(cr, &m)
            let x = geometry.snap((geometry.logicalWidth - Double(logo.width)) / 2)
            let y = geometry.snap((geometry.logicalHeight - Double(logo.height)) / 2)
            cairo_set_source_surface(cr, logo.surface, x, y)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
        cairo_surface_flush(image.surface)
        backdropImage = image
        return image
    }

    private func drawLayer(_ cr: OpaquePointer, index: Int, clip: PixelRect, withIndicator: Bool) throws(RenderError) {
        let s = scenes[index]
        if let dim = s.dimming {
            cairo_set_source_rgba(cr, dim.red, dim.green, dim.blue, dim.alpha)
            cairo_paint(cr)
        }
        guard s.drawnDevice.intersects(clip) else { return }
        let cache = try bezelCache(for: index)
        let p = s.presentation
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if p.bezelScale != 1 {
            let c = geometry.devicePoint(x: s.layout.bezel.midX, y: s.layout.bezel.midY)
            cairo_translate(cr, c.x, c.y)
            cairo_scale(cr, p.bezelScale, p.bezelScale)
            cairo_translate(cr, -c.x, -c.y)
        }
        cairo_set_source_surface(cr, cache.image.surface, Double(s.bezelDevice.x), Double(s.bezelDevice.y))
        if p.bezelScale != 1 { cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR) }
        if p.bezelAlpha < 1 { cairo_paint_with_alpha(cr, p.bezelAlpha) } else { cairo_paint(cr) }
        cairo_restore(cr)
        if withIndicator, s.dynamic != .none, s.indicatorDevice.intersects(clip) {
            drawDynamicIndicator(cr, s)
        }
    }

    /// Spinner, pie, ring or bar, straight onto the screen in the bezel's transform.
    func drawDynamicIndicator(_ cr: OpaquePointer, _ s: LayerScene) {
        guard let box = s.layout.indicator else { return }
        cairo_save(cr)
        var m = geometry.matrix
        cairo_set_matrix(cr, &m)
        let scale = s.presentation.bezelScale
        if scale != 1 {
            let b = s.layout.bezel
            cairo_translate(cr, b.midX, b.midY)
            cairo_scale(cr, scale, scale)
            cairo_translate(cr, -b.midX, -b.midY)
        }
        let color = s.configuration.contentColor, alpha = s.presentation.bezelAlpha
        switch s.dynamic {
        case .none: break
        case .spinner(let step):
            IndicatorPainter.spinner(cr, in: box, phase: Double(step) / Double(HUDPresentation.spinnerSteps), color: color, alpha: alpha)
        case .pie(let progress): IndicatorPainter.pie(cr, in: box, progress: progress, color: color, alpha: alpha)
        case .ring(let progress): IndicatorPainter.ring(cr, in: box, progress: progress, color: color, alpha: alpha)
        case .bar(let progress): IndicatorPainter.bar(cr, in: box, progress: progress, color: color, alpha: alpha)
        }
        cairo_restore(cr)
    }

    // MARK: Bezel cache

    /// The layer's bezel image at scale 1 and alpha 1, drawn again only when it changed.
    func bezelCache(for index: Int) throws(RenderError) -> BezelCache {
        let s = scenes[index]
        let blurKey = s.configuration.bezelStyle == .blur ? makeBlurKey(for: index) : nil
        if let cached = bezelCaches[s.id], cached.key == s.key, cached.blurKey == blurKey { return cached }
        let blur = try blurKey.map { (k: BlurKey) throws(RenderError) in try blurredBackdrop(for: index, key: k) }

        let d = s.bezelDevice
        let image = try CairoImage(format: CAIRO_FORMAT_ARGB32, width: d.width, height: d.height)
        cairo_surface_set_device_offset(image.surface, Double(-d.x), Double(-d.y))
        let cr = image.makeContext()
        defer { cairo_destroy(cr) }
        var m = geometry.matrix
        cairo_set_matrix(cr, &m)
        let c = s.configuration
        IndicatorPainter.roundedRect(cr, s.layout.bezel, radius: c.cornerRadius)
        cairo_clip(cr)
        if let blur {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_translate(cr, Double(blur.key.source.x), Double(blur.key.source.y))
            cairo_scale(cr, Double(blur.factor), Double(blur.factor))
            cairo_set_source_surface(cr, blur.image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        IndicatorPainter.setColor(cr, c.bezelColor, alpha: 1)
        cairo_paint(cr)

        if let box = s.layout.indicator {
            switch c.mode {
            case .success: IndicatorPainter.check(cr, in: box, color: c.contentColor, alpha: 1)
            case .failure: IndicatorPainter.cross(cr, in: box, color: c.contentColor, alpha: 1)
            case .customImage:
                if let img = s.image {
                    cairo_set_source_surface(cr, img.surface, box.x, box.y)
                    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                    cairo_paint(cr)
                }
            default: break
            }
        }
        if let label = s.label, let r = s.layout.label {
            label.draw(cr, x: r.x, y: r.y, color: c.label.color ?? c.contentColor)
        }
        if let details = s.details, let r = s.layout.details {
            details.draw(cr, x: r.x, y: r.y, color: c.detailsLabel.color ?? c.contentColor)
        }
        cairo_surface_flush(image.surface)
        // From here on a plain image whose pixel (0, 0) is composited at the bezel's origin.
        cairo_surface_set_device_offset(image.surface, 0, 0)
        let cache = BezelCache(key: s.key, blurKey: blurKey, image: image)
        bezelCaches[s.id] = cache
        return cache
    }

    /// Blur spread in device pixels, and the margin sampled around the bezel.
    private var blurSigma: Double { max(0, style.blurRadius) * geometry.scale }

    private func makeBlurKey(for index: Int) -> BlurKey {
        let s = scenes[index]
        let pad = Int((blurSigma * 3).rounded(.up))
        let source = s.bezelDevice.insetBy(-pad).intersection(geometry.bounds)
        var below: [LayerLook] = []
        for j in 0..<index where scenes[j].drawnDevice.intersects(source) || scenes[j].dimming != nil {
            below.append(scenes[j].look)
        }
        return BlurKey(source: source, backdropGeneration: backdropGeneration, below: below,
                       dimming: s.dimming, radius: style.blurRadius)
    }

    /// What lies under the bezel, downscaled, box-blurred three times.
    private func blurredBackdrop(for index: Int, key: BlurKey) throws(RenderError) -> BlurredBackdrop {
        let id = scenes[index].id
        if let cached = blurCaches[id], cached.key == key { return cached }
        let src = key.source
        let sigma = blurSigma
        // Downscale so the remaining blur is ~3 px: cheap, and the box passes smooth out the blockiness.
        let factor = max(1, min(16, Int(sigma / 3)))
        let full = try CairoImage(format: CAIRO_FORMAT_RGB24, width: src.width, height: src.height)
        cairo_surface_set_device_offset(full.surface, Double(-src.x), Double(-src.y))
        let cr = full.makeContext()
        try drawScene(cr, clip: src, layerCount: index, dimmingOf: index)
        cairo_destroy(cr)
        cairo_surface_flush(full.surface)
        cairo_surface_set_device_offset(full.surface, 0, 0)

        let sw = (src.width + factor - 1) / factor, sh = (src.height + factor - 1) / factor
        let small = try CairoImage(format: CAIRO_FORMAT_RGB24, width: sw, height: sh)
        let scr = small.makeContext()
        cairo_scale(scr, 1 / Double(factor), 1 / Double(factor))
        cairo_set_source_surface(scr, full.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(scr), factor > 1 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(cairo_get_source(scr), CAIRO_EXTEND_PAD)
        cairo_set_operator(scr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(scr)
        cairo_destroy(scr)
        cairo_surface_flush(small.surface)
        let radius = BoxBlur.radius(forSigma: sigma / Double(factor), passes: 3)
        BoxBlur.blur(small.data, width: small.width, height: small.height, stride: small.stride, radius: radius, passes: 3)
        cairo_surface_mark_dirty(small.surface)
        let blurred = BlurredBackdrop(key: key, image: small, factor: factor)
        blurCaches[id] = blurred
        return blurred
    }

    // MARK: Targets and the fast indicator path

    func targetSurface(for buffer: PixelBuffer) throws(RenderError) -> CairoImage {
        if let t = targets.first(where: { $0.matches(buffer) }) { return t.image }
        let image = try CairoImage(wrapping: buffer)
        if targets.count >= 4 { targets.removeFirst() }
        targets.append(TargetSurface(base: buffer.base, width: buffer.width, height: buffer.height,
                                     stride: buffer.stride, format: buffer.format, image: image))
        return image
    }

    /// The layer whose dynamic indicator box holds `rect` with nothing drawn
    /// over it, if `rect` can be painted from the indicator cache.
    func fastIndicatorLayer(for rect: PixelRect) -> Int? {
        for i in scenes.indices.reversed() {
            let s = scenes[i]
            if s.dimming != nil && i < scenes.count - 1 { return nil }
            if s.dynamic != .none, s.indicatorDevice.contains(rect) {
                for j in (i + 1)..<scenes.count where scenes[j].dimming != nil || scenes[j].drawnDevice.intersects(s.indicatorDevice) {
                    return nil
                }
                return i
            }
        }
        return nil
    }

    /// Repaints `rect` inside a dynamic indicator's box: the cached pixels
    /// under the indicator, then the indicator (a cached frame for the spinner).
    func drawIndicatorFast(into target: CairoImage, layer index: Int, rect: PixelRect) throws(RenderError) {
        let s = scenes[index]
        let box = s.indicatorDevice
        let cache: IndicatorCache
        if let c = indicatorCache, c.layerID == s.id, c.rect == box, c.generation == sceneGeneration, c.format == target.format {
            cache = c
        } else {
            let background = try CairoImage(format: target.format, width: box.width, height: box.height)
            cairo_surface_set_device_offset(background.surface, Double(-box.x), Double(-box.y))
            let cr = background.makeContext()
            defer { cairo_destroy(cr) }
            try drawScene(cr, clip: box, layerCount: scenes.count, skippingIndicatorOf: index)
            cairo_surface_flush(background.surface)
            cache = IndicatorCache(layerID: s.id, rect: box, generation: sceneGeneration, format: target.format,
                                   background: background, steps: HUDPresentation.spinnerSteps)
            indicatorCache = cache
        }
        cairo_surface_flush(target.surface)
        if case .spinner(let step) = s.dynamic, cache.spinnerFrames.indices.contains(step) {
            let frame: CairoImage
            if let f = cache.spinnerFrames[step] {
                frame = f
            } else {
                frame = try CairoImage(format: target.format, width: box.width, height: box.height)
                frame.copyRows(from: cache.background, sourceOrigin: (0, 0),
                               rect: PixelRect(x: 0, y: 0, width: box.width, height: box.height))
                cairo_surface_mark_dirty(frame.surface)
                cairo_surface_set_device_offset(frame.surface, Double(-box.x), Double(-box.y))
                let cr = frame.makeContext()
                drawDynamicIndicator(cr, s)
                cairo_destroy(cr)
                cairo_surface_flush(frame.surface)
                cache.spinnerFrames[step] = frame
            }
            target.copyRows(from: frame, sourceOrigin: (box.x, box.y), rect: rect)
            cairo_surface_mark_dirty_rectangle(target.surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            return
        }
        target.copyRows(from: cache.background, sourceOrigin: (box.x, box.y), rect: rect)
        cairo_surface_mark_dirty_rectangle(target.surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        let cr = target.makeContext()
        cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(cr)
        drawDynamicIndicator(cr, s)
        cairo_destroy(cr)
    }
}
