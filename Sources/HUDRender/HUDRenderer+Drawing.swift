internal import CCairo
import Glibc
import HUDCore

extension HUDRenderer {
    /// Paints the backdrop and the first `layerCount` layers into `clip`
    /// (device pixels), optionally with the dimming of the layer after them
    /// (what a blurred bezel sees) or without one layer's dynamic indicator.
    ///
    /// Coordinates are device pixels in the context's current matrix, so a
    /// caller can draw the scene at half size (`downscaled`: images are
    /// filtered bilinearly, which at exactly ½ averages 2×2 pixels).
    /// `forBlur`: what a blur sees — on an overlay plane the app's picture
    /// under it, where the plane itself starts transparent.
    func drawScene(_ cr: OpaquePointer, clip: PixelRect, layerCount: Int, dimmingOf: Int? = nil,
                   skippingIndicatorOf skip: Int? = nil, downscaled: Bool = false, forBlur: Bool = false) throws(RenderError) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, Double(clip.x), Double(clip.y), Double(clip.width), Double(clip.height))
        cairo_clip(cr)
        // The bottom HUD's dimming is baked into the base: one copy or fill instead of two passes.
        let count = min(layerCount, scenes.count)
        let baseDimming = (count > 0 || dimmingOf == 0) && scenes.first?.backgroundBlur == 0 ? scenes.first?.dimming : nil
        try paintBase(cr, dimming: baseDimming, downscaled: downscaled, forBlur: forBlur)
        for i in 0..<count {
            try drawLayer(cr, index: i, clip: clip, withIndicator: i != skip,
                          withDimming: !(i == 0 && baseDimming != nil), downscaled: downscaled)
        }
        if let d = dimmingOf, scenes.indices.contains(d), let dim = scenes[d].dimming, !(d == 0 && baseDimming != nil) {
            try paintBackgroundBlur(cr, index: d)
            cairo_set_source_rgba(cr, dim.red, dim.green, dim.blue, dim.alpha)
            cairo_paint(cr)
        }
    }

    /// The screen colour and the centred logo, with `dimming` over both: a
    /// fill of the blended colour plus a copy (and blend) of the logo's box only.
    /// The app's picture instead, when there is one; on an overlay plane
    /// (unless `forBlur`) transparency, the dimming alone.
    private func paintBase(_ cr: OpaquePointer, dimming: HUDColor?, downscaled: Bool, forBlur: Bool) throws(RenderError) {
        let overlay = target == .overlayPlane && !forBlur
        if overlay {
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
        }
        let paintedContent = overlay ? false : try paintContent(cr)
        if overlay || paintedContent {
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            if let d = dimming {
                cairo_set_source_rgba(cr, d.red, d.green, d.blue, d.alpha)
                cairo_paint(cr)
            }
            return
        }
        var c = backdrop.color
        if let d = dimming {
            c = HUDColor(red: c.red * (1 - d.alpha) + d.red * d.alpha, green: c.green * (1 - d.alpha) + d.green * d.alpha,
                         blue: c.blue * (1 - d.alpha) + d.blue * d.alpha)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cr, c.red, c.green, c.blue)
        cairo_paint(cr)
        if let (image, rect) = try logoSurface() {
            cairo_set_source_surface(cr, image.surface, Double(rect.x), Double(rect.y))
            if downscaled { cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR) }
            cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_fill(cr)
            if let d = dimming {
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_set_source_rgba(cr, d.red, d.green, d.blue, d.alpha)
                cairo_rectangle(cr, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
                cairo_fill(cr)
            }
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// The logo over the screen colour, turned and scaled for the buffer,
    /// drawn once; and the device pixels it covers.
    private func logoSurface() throws(RenderError) -> (CairoImage, PixelRect)? {
        guard let logo, let place = logoPlacement() else { return nil }
        if let logoDevice { return (logoDevice, logoDeviceRect) }
        let rect = place.device
        let image = try CairoImage(format: CAIRO_FORMAT_RGB24, width: rect.width, height: rect.height)
        let source = try CairoImage(logo)
        cairo_surface_set_device_offset(image.surface, Double(-rect.x), Double(-rect.y))
        let cr = image.makeContext()
        cairo_set_source_rgb(cr, backdrop.color.red, backdrop.color.green, backdrop.color.blue)
        cairo_paint(cr)
        var m = geometry.matrix
        cairo_set_matrix(cr, &m)
        cairo_set_source_surface(cr, source.surface, place.x, place.y)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(image.surface)
        cairo_surface_set_device_offset(image.surface, 0, 0)
        logoDevice = image
        logoDeviceRect = rect
        return (image, rect)
    }

    /// Where the logo goes: its top-left corner in points (centred, snapped
    /// to whole device pixels) and the device pixels it covers.
    func logoPlacement() -> (x: Double, y: Double, device: PixelRect)? {
        guard let logo else { return nil }
        let x = geometry.snap((geometry.logicalWidth - Double(logo.width)) / 2)
        let y = geometry.snap((geometry.logicalHeight - Double(logo.height)) / 2)
        let rect = geometry.deviceRect(x: x, y: y, width: Double(logo.width), height: Double(logo.height))
        return rect.isEmpty ? nil : (x, y, rect)
    }

    private func drawLayer(_ cr: OpaquePointer, index: Int, clip: PixelRect, withIndicator: Bool,
                           withDimming: Bool, downscaled: Bool) throws(RenderError) {
        let s = scenes[index]
        if withDimming, let dim = s.dimming {
            try paintBackgroundBlur(cr, index: index)
            cairo_set_source_rgba(cr, dim.red, dim.green, dim.blue, dim.alpha)
            cairo_paint(cr)
        }
        guard s.drawnDevice.intersects(clip) else { return }
        let p = s.presentation
        if p.bezelScale != 1, s.configuration.bezelStyle == .blur, !downscaled {
            try drawZoomedBlurBezel(cr, index: index)
            if withIndicator, s.dynamic != .none, s.indicatorDevice.intersects(clip) { drawDynamicIndicator(cr, s) }
            return
        }
        let cache = try bezelCache(for: index)
        cairo_save(cr)
        if p.bezelScale != 1 {
            let c = geometry.devicePoint(x: s.layout.bezel.midX, y: s.layout.bezel.midY)
            cairo_translate(cr, c.x, c.y)
            cairo_scale(cr, p.bezelScale, p.bezelScale)
            cairo_translate(cr, -c.x, -c.y)
        }
        cairo_set_source_surface(cr, cache.image.surface, Double(s.bezelDevice.x), Double(s.bezelDevice.y))
        if downscaled {
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        } else if p.bezelScale != 1 {
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        }
        if p.bezelAlpha < 1 { cairo_paint_with_alpha(cr, p.bezelAlpha) } else { cairo_paint(cr) }
        cairo_restore(cr)
        if withIndicator, s.dynamic != .none, s.indicatorDevice.intersects(clip) {
            drawDynamicIndicator(cr, s)
        }
    }

    /// A blurred bezel mid-zoom: the scaled shape shows the blur of what is
    /// under it where it is now (not a scaled copy of the blur at rest), the
    /// tint, and the scaled labels; composed in a reused scratch image so the
    /// bezel's alpha applies to the whole, as a view's alpha does.
    private func drawZoomedBlurBezel(_ cr: OpaquePointer, index: Int) throws(RenderError) {
        let s = scenes[index]
        let drawn = s.drawnDevice
        let blur = try blurredBackdrop(for: index, key: makeBlurKey(for: index))
        let content = try bezelContent(for: s)
        let scratch: CairoImage
        if let z = zoomScratch, z.width >= drawn.width, z.height >= drawn.height {
            scratch = z
        } else {
            scratch = try CairoImage(format: CAIRO_FORMAT_ARGB32, width: drawn.width, height: drawn.height)
            zoomScratch = scratch
        }
        let sc = scratch.makeContext()
        defer { cairo_destroy(sc) }
        // Only the drawn rectangle of a possibly larger scratch image; every pixel is painted.
        cairo_rectangle(sc, 0, 0, Double(drawn.width), Double(drawn.height))
        cairo_clip(sc)
        cairo_translate(sc, Double(-drawn.x), Double(-drawn.y))
        var base = cairo_matrix_t()
        cairo_get_matrix(sc, &base)
        // The bezel transform in device pixels: scale about the bezel's centre.
        let c = geometry.devicePoint(x: s.layout.bezel.midX, y: s.layout.bezel.midY)
        let scale = s.presentation.bezelScale
        cairo_translate(sc, c.x, c.y)
        cairo_scale(sc, scale, scale)
        cairo_translate(sc, -c.x, -c.y)
        var zoom = cairo_matrix_t()
        cairo_get_matrix(sc, &zoom)
        cairo_set_matrix(sc, &base)
        cairo_save(sc)
        cairo_translate(sc, Double(blur.source.x), Double(blur.source.y))
        cairo_scale(sc, Double(blur.factor), Double(blur.factor))
        cairo_set_source_surface(sc, blur.image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(sc), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(sc), CAIRO_EXTEND_PAD)
        cairo_set_operator(sc, CAIRO_OPERATOR_SOURCE)
        cairo_paint(sc)
        cairo_restore(sc)
        IndicatorPainter.setColor(sc, s.configuration.bezelColor, alpha: 1)
        cairo_paint(sc)
        cairo_set_matrix(sc, &zoom)
        cairo_set_source_surface(sc, content.image.surface, Double(s.bezelDevice.x), Double(s.bezelDevice.y))
        cairo_pattern_set_filter(cairo_get_source(sc), CAIRO_FILTER_BILINEAR)
        cairo_paint(sc)
        // Cut the scaled rounded shape out of the scratch rectangle.
        cairo_set_matrix(sc, &base)
        cairo_rectangle(sc, Double(drawn.x), Double(drawn.y), Double(drawn.width), Double(drawn.height))
        cairo_set_matrix(sc, &zoom)
        var m = geometry.matrix
        cairo_transform(sc, &m)
        IndicatorPainter.roundedRect(sc, s.layout.bezel, radius: s.configuration.cornerRadius)
        cairo_set_fill_rule(sc, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_operator(sc, CAIRO_OPERATOR_CLEAR)
        cairo_fill(sc)
        cairo_surface_flush(scratch.surface)

        cairo_save(cr)
        cairo_rectangle(cr, Double(drawn.x), Double(drawn.y), Double(drawn.width), Double(drawn.height))
        cairo_clip(cr)
        cairo_set_source_surface(cr, scratch.surface, Double(drawn.x), Double(drawn.y))
        cairo_paint_with_alpha(cr, s.presentation.bezelAlpha)
        cairo_restore(cr)
    }

    /// Spinner, pie, ring or bar, straight onto the screen in the bezel's transform.
    func drawDynamicIndicator(_ cr: OpaquePointer, _ s: LayerScene) {
        guard let box = s.layout.indicator else { return }
        cairo_save(cr)
        var m = geometry.matrix
        cairo_transform(cr, &m)
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
        // Paint the whole rectangle (pixman's fast bilinear and solid paths),
        // then cut the rounded corners: cheaper than clipping every paint.
        if let blur {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_translate(cr, Double(blur.source.x), Double(blur.source.y))
            cairo_scale(cr, Double(blur.factor), Double(blur.factor))
            cairo_set_source_surface(cr, blur.image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        IndicatorPainter.setColor(cr, c.bezelColor, alpha: 1)
        cairo_paint(cr)
        let content = try bezelContent(for: s)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, content.image.surface, Double(d.x), Double(d.y))
        cairo_paint(cr)
        cairo_restore(cr)
        let b = s.layout.bezel
        cairo_rectangle(cr, b.x, b.y, b.width, b.height)
        IndicatorPainter.roundedRect(cr, b, radius: c.cornerRadius)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cr)
        cairo_surface_flush(image.surface)
        // From here on a plain image whose pixel (0, 0) is composited at the bezel's origin.
        cairo_surface_set_device_offset(image.surface, 0, 0)
        let cache = BezelCache(key: s.key, blurKey: blurKey, image: image)
        bezelCaches[s.id] = cache
        return cache
    }

    /// Labels and static indicator on a transparent bezel-sized image:
    /// rasterised by Pango only when they change, not when the blur does.
    private func bezelContent(for s: LayerScene) throws(RenderError) -> BezelContent {
        if let cached = contentCaches[s.id], cached.key == s.key { return cached }
        let d = s.bezelDevice
        let image = try CairoImage(format: CAIRO_FORMAT_ARGB32, width: d.width, height: d.height)
        cairo_surface_set_device_offset(image.surface, Double(-d.x), Double(-d.y))
        let cr = image.makeContext()
        defer { cairo_destroy(cr) }
        var m = geometry.matrix
        cairo_set_matrix(cr, &m)
        let c = s.configuration
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
            label.draw(cr, x: r.x, y: r.y, color: c.label.color ?? c.contentColor, scale: geometry.scale)
        }
        if let details = s.details, let r = s.layout.details {
            details.draw(cr, x: r.x, y: r.y, color: c.detailsLabel.color ?? c.contentColor, scale: geometry.scale)
        }
        if let button = s.button, let r = s.layout.button {
            drawButton(cr, title: button, in: r, color: c.contentColor, highlighted: s.key.buttonHighlighted)
        }
        cairo_surface_flush(image.surface)
        cairo_surface_set_device_offset(image.surface, 0, 0)
        let content = BezelContent(key: s.key, image: image)
        contentCaches[s.id] = content
        return content
    }

    /// MBProgressHUDRoundedButton: a 1 pt border in `color` with fully round
    /// ends, the title in `color`, and when highlighted a fill of `color` at α 0.1.
    private func drawButton(_ cr: OpaquePointer, title: TextBlock, in r: LayoutRect, color: HUDColor, highlighted: Bool) {
        let radius = (r.height / 2).rounded(.up)
        if highlighted {
            IndicatorPainter.roundedRect(cr, r, radius: radius)
            IndicatorPainter.setColor(cr, HUDColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.1), alpha: 1)
            cairo_fill(cr)
        }
        // A CALayer border lies inside the bounds: stroke half a point in.
        let border = LayoutRect(x: r.x + 0.5, y: r.y + 0.5, width: r.width - 1, height: r.height - 1)
        IndicatorPainter.roundedRect(cr, border, radius: radius - 0.5)
        IndicatorPainter.setColor(cr, color, alpha: 1)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        title.draw(cr, x: r.midX - title.columnWidth / 2, y: r.midY - title.height / 2, color: color, scale: geometry.scale)
    }

    /// Blur spread in device pixels.
    private var blurSigma: Double {
        let r = style.blurRadius
        return (r.isFinite ? min(max(r, 0), 100) : 0) * geometry.scale
    }

    /// The pixels a bezel's blur must see: the bezel and three sigmas around it.
    func blurNeeds(_ s: LayerScene) -> PixelRect {
        s.bezelDevice.insetBy(-Int((blurSigma * 3).rounded(.up))).intersection(geometry.bounds)
    }

    /// What is blurred: more than needed, so a bezel that grows a little
    /// (a longer label) reuses the blur.
    private func blurSource(_ s: LayerScene) -> PixelRect {
        let slack = Int((32 * geometry.scale).rounded())
        return blurNeeds(s).insetBy(-slack).intersection(geometry.bounds)
    }

    private func makeBlurKey(for index: Int) -> BlurKey {
        let s = scenes[index]
        let source = blurSource(s)
        var below: [LayerLook] = []
        for j in 0..<index where scenes[j].drawnDevice.intersects(source) || scenes[j].dimming != nil {
            below.append(scenes[j].look)
        }
        return BlurKey(backdropGeneration: backdropGeneration, contentStamp: blurContentStamp[s.id] ?? 0, below: below,
                       dimming: s.dimming, backgroundBlur: s.backgroundBlur, radius: style.blurRadius, method: style.blurMethod)
    }

    /// A HUD with a blurred background (`backgroundStyle` `.blur`): the whole
    /// screen under it, blurred, at its background's alpha. Nothing otherwise.
    private func paintBackgroundBlur(_ cr: OpaquePointer, index: Int) throws(RenderError) {
        let s = scenes[index]
        guard s.backgroundBlur > 0 else { return }
        var below: [LayerLook] = []
        for j in 0..<index { below.append(scenes[j].look) }
        let key = BlurKey(backdropGeneration: backdropGeneration, contentStamp: contentChangeCount, below: below,
                          dimming: nil, backgroundBlur: 0, radius: style.blurRadius, method: style.blurMethod)
        let blur: BlurredBackdrop
        if let cached = backgroundBlurCaches[s.id], cached.key == key {
            blur = cached
        } else {
            blur = try blurred(geometry.bounds, layerCount: index, dimmingOf: nil, key: key)
            backgroundBlurCaches[s.id] = blur
        }
        cairo_save(cr)
        cairo_translate(cr, Double(blur.source.x), Double(blur.source.y))
        cairo_scale(cr, Double(blur.factor), Double(blur.factor))
        cairo_set_source_surface(cr, blur.image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, s.backgroundBlur)
        cairo_restore(cr)
    }

    /// What lies under the bezel, downscaled, box-blurred three times.
    private func blurredBackdrop(for index: Int, key: BlurKey) throws(RenderError) -> BlurredBackdrop {
        let s = scenes[index]
        if let cached = blurCaches[s.id], cached.key == key, cached.source.contains(blurNeeds(s)) { return cached }
        let blurred = try blurred(blurSource(s), layerCount: index, dimmingOf: index, key: key)
        blurCaches[s.id] = blurred
        return blurred
    }

    /// `src` of the scene below layer `layerCount` (with the dimming of
    /// `dimmingOf`), downscaled and blurred by the style's method.
    private func blurred(_ src: PixelRect, layerCount index: Int, dimmingOf: Int?, key: BlurKey) throws(RenderError) -> BlurredBackdrop {
        let sigma = blurSigma
        // Downscale so the remaining blur is ~3 px: cheap, and the box passes smooth out the blockiness.
        // Halve until the remaining blur is 1.5–3 px. Each bilinear halving at
        // exactly ½ is a 2×2 box average on pixman's fast path.
        var factor = 1
        switch key.method {
        case .downscaledBoxBlur, .downscaledPixmanGaussian: while factor < 32, Double(factor * 2) * 1.5 <= sigma { factor *= 2 }
        case .downscaleUpscale: while factor < 32, Double(factor * 2) <= sigma { factor *= 2 }
        case .fullResolutionBoxBlur: break
        }
        let first = factor > 1 ? 2 : 1
        var small = try CairoImage(format: CAIRO_FORMAT_RGB24, width: (src.width + first - 1) / first,
                                   height: (src.height + first - 1) / first)
        let cr = small.makeContext()
        cairo_scale(cr, 1 / Double(first), 1 / Double(first))
        cairo_translate(cr, Double(-src.x), Double(-src.y))
        try drawScene(cr, clip: src, layerCount: index, dimmingOf: dimmingOf, downscaled: first > 1, forBlur: true)
        cairo_destroy(cr)
        cairo_surface_flush(small.surface)
        var reached = first
        while reached < factor {
            let half = try CairoImage(format: CAIRO_FORMAT_RGB24, width: (small.width + 1) / 2, height: (small.height + 1) / 2)
            let hcr = half.makeContext()
            cairo_scale(hcr, 0.5, 0.5)
            cairo_set_source_surface(hcr, small.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(hcr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(hcr), CAIRO_EXTEND_PAD)
            cairo_set_operator(hcr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(hcr)
            cairo_destroy(hcr)
            cairo_surface_flush(half.surface)
            small = half
            reached *= 2
        }
        switch key.method {
        case .downscaleUpscale:
            break
        case .downscaledPixmanGaussian:
            small = try PixmanGaussianBlur.blur(small, sigma: sigma / Double(factor))
        case .downscaledBoxBlur, .fullResolutionBoxBlur:
            let radius = BoxBlur.radius(forSigma: sigma / Double(factor), passes: 3)
            BoxBlur.blur(small.data, width: small.width, height: small.height, stride: small.stride, radius: radius, passes: 3)
            cairo_surface_mark_dirty(small.surface)
        }
        return BlurredBackdrop(key: key, source: src, image: small, factor: factor)
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
