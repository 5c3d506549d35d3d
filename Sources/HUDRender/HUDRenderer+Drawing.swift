import Glibc
import HUDCore

extension HUDRenderer {
    /// Paints the backdrop and the first `layerCount` layers into `canvas`'s
    /// clip, optionally with the dimming of the layer after them (what a
    /// blurred bezel sees) or without one layer's dynamic indicator.
    ///
    /// The canvas may show the scene at half size (`downscaled`: images are
    /// filtered bilinearly, which at exactly ½ averages 2×2 pixels).
    /// `forBlur`: what a blur sees — on an overlay plane the app's picture
    /// under it, where the plane itself starts transparent.
    func drawScene(_ canvas: Canvas, layerCount: Int, dimmingOf: Int? = nil,
                   skippingIndicatorOf skip: Int? = nil, downscaled: Bool = false, forBlur: Bool = false) throws(RenderError) {
        // The bottom HUD's dimming is baked into the base: one copy or fill instead of two passes.
        let count = min(layerCount, scenes.count)
        let baseDimming = (count > 0 || dimmingOf == 0) && scenes.first?.backgroundBlur == 0 ? scenes.first?.dimming : nil
        try paintBase(canvas, dimming: baseDimming, downscaled: downscaled, forBlur: forBlur)
        for i in 0..<count {
            try drawLayer(canvas, index: i, withIndicator: i != skip,
                          withDimming: !(i == 0 && baseDimming != nil), downscaled: downscaled)
        }
        if let d = dimmingOf, scenes.indices.contains(d), let dim = scenes[d].dimming, !(d == 0 && baseDimming != nil) {
            try paintBackgroundBlur(canvas, index: d)
            canvas.paint(dim)
        }
    }

    /// The screen colour and the centred logo, with `dimming` over both: a
    /// fill of the blended colour plus a copy (and blend) of the logo's box only.
    /// The app's picture instead, when there is one; on an overlay plane
    /// (unless `forBlur`) transparency, the dimming alone.
    private func paintBase(_ canvas: Canvas, dimming: HUDColor?, downscaled: Bool, forBlur: Bool) throws(RenderError) {
        let overlay = (target == .overlayPlane && !forBlur) || target == .layer
        if overlay { canvas.paint(HUDColor(red: 0, green: 0, blue: 0, alpha: 0), op: .clear) }
        let paintedContent = overlay ? false : paintContent(canvas)
        if overlay || paintedContent {
            if let d = dimming { canvas.paint(d) }
            return
        }
        var c = backdrop.color
        if let d = dimming {
            c = HUDColor(red: c.red * (1 - d.alpha) + d.red * d.alpha, green: c.green * (1 - d.alpha) + d.green * d.alpha,
                         blue: c.blue * (1 - d.alpha) + d.blue * d.alpha)
        }
        canvas.paint(HUDColor(red: c.red, green: c.green, blue: c.blue), op: .source)
        if let (image, rect) = try logoSurface() {
            let box = canvas.clipped(to: rect)
            box.paint(image, placed: .translation(Double(rect.x), Double(rect.y)), smooth: downscaled, op: .source)
            if let d = dimming { box.paint(d) }
        }
    }

    /// The logo over the screen colour, turned and scaled for the buffer,
    /// drawn once; and the device pixels it covers.
    private func logoSurface() throws(RenderError) -> (CairoImage, PixelRect)? {
        guard let logo, let place = logoPlacement() else { return nil }
        if let logoDevice { return (logoDevice, logoDeviceRect) }
        let rect = place.device
        let image = try CairoImage(format: .rgb24, width: rect.width, height: rect.height)
        let canvas = Canvas(image, view: .translation(Double(-rect.x), Double(-rect.y)))
        let c = backdrop.color
        canvas.paint(HUDColor(red: c.red, green: c.green, blue: c.blue), op: .source)
        canvas.paint(try CairoImage(logo), placed: geometry.matrix.after(.translation(place.x, place.y)), smooth: true)
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

    private func drawLayer(_ canvas: Canvas, index: Int, withIndicator: Bool, withDimming: Bool, downscaled: Bool) throws(RenderError) {
        let s = scenes[index]
        if withDimming, let dim = s.dimming {
            try paintBackgroundBlur(canvas, index: index)
            canvas.paint(dim)
        }
        let clip = canvas.deviceClip
        guard s.drawnDevice.intersects(clip) else { return }
        let p = s.presentation
        if p.bezelScale != 1, s.configuration.bezelStyle == .blur, !downscaled {
            try drawZoomedBlurBezel(canvas, index: index)
            if withIndicator, s.dynamic != .none, s.indicatorDevice.intersects(clip) { try drawDynamicIndicator(canvas, s) }
            return
        }
        let cache = try bezelCache(for: index)
        var place = Affine.translation(Double(s.bezelDevice.x), Double(s.bezelDevice.y))
        if p.bezelScale != 1 { place = bezelZoom(s).after(place) }
        canvas.paint(cache.image, placed: place, smooth: downscaled || p.bezelScale != 1, alpha: p.bezelAlpha)
        if withIndicator, s.dynamic != .none, s.indicatorDevice.intersects(clip) {
            try drawDynamicIndicator(canvas, s)
        }
    }

    /// The bezel's zoom in device pixels: `bezelScale` about its centre.
    private func bezelZoom(_ s: LayerScene) -> Affine {
        .zoom(s.presentation.bezelScale, about: geometry.devicePoint(x: s.layout.bezel.midX, y: s.layout.bezel.midY))
    }

    /// A blurred bezel mid-zoom: the scaled shape shows the blur of what is
    /// under it where it is now (not a scaled copy of the blur at rest), the
    /// tint, and the scaled labels; composed in a reused scratch image so the
    /// bezel's alpha applies to the whole, as a view's alpha does.
    private func drawZoomedBlurBezel(_ canvas: Canvas, index: Int) throws(RenderError) {
        let s = scenes[index]
        let drawn = s.drawnDevice
        let blur = try blurredBackdrop(for: index, key: makeBlurKey(for: index))
        let content = try bezelContent(for: s)
        let scratch: CairoImage
        if let z = zoomScratch, z.width >= drawn.width, z.height >= drawn.height {
            scratch = z
        } else {
            scratch = try CairoImage(format: .argb32, width: drawn.width, height: drawn.height)
            zoomScratch = scratch
        }
        // Only the drawn rectangle of a possibly larger scratch image; every pixel is painted.
        let sc = Canvas(scratch, view: .translation(Double(-drawn.x), Double(-drawn.y)),
                        clip: PixelRect(x: 0, y: 0, width: drawn.width, height: drawn.height))
        let zoom = bezelZoom(s)
        sc.paint(blur.image, placed: blur.placement, smooth: true, pad: true, op: .source)
        sc.paint(s.configuration.bezelColor)
        sc.paint(content.image, placed: zoom.after(.translation(Double(s.bezelDevice.x), Double(s.bezelDevice.y))), smooth: true)
        // Cut the scaled rounded shape out of the scratch rectangle.
        try sc.fill(.roundedRect(s.layout.bezel, radius: s.configuration.cornerRadius), space: zoom.after(geometry.matrix),
                    op: .keepCovered)
        canvas.clipped(to: drawn).paint(scratch, placed: .translation(Double(drawn.x), Double(drawn.y)), smooth: false,
                                        alpha: s.presentation.bezelAlpha)
    }

    /// Spinner, pie, ring or bar, straight onto the canvas in the bezel's zoom.
    func drawDynamicIndicator(_ canvas: Canvas, _ s: LayerScene) throws(RenderError) {
        guard let box = s.layout.indicator, s.dynamic != .none else { return }
        var space = geometry.matrix
        let scale = s.presentation.bezelScale
        if scale != 1 { space = space.after(.zoom(scale, about: (s.layout.bezel.midX, s.layout.bezel.midY))) }
        let color = s.configuration.contentColor, alpha = s.presentation.bezelAlpha
        for (shape, shade) in IndicatorPainter.shapes(s.dynamic, mode: s.configuration.mode, in: box) {
            try canvas.fill(shape, space: space, color: color.multiplyingAlpha(by: shade), alpha: alpha)
        }
    }

    // MARK: Bezel cache

    /// The layer's bezel image at scale 1 and alpha 1, drawn again only when it changed.
    func bezelCache(for index: Int) throws(RenderError) -> BezelCache {
        let s = scenes[index]
        let blurKey = s.configuration.bezelStyle == .blur ? makeBlurKey(for: index) : nil
        if let cached = bezelCaches[s.id], cached.key == s.key, cached.blurKey == blurKey { return cached }
        let blur = try blurKey.map { (k: BlurKey) throws(RenderError) in try blurredBackdrop(for: index, key: k) }

        let d = s.bezelDevice
        let image = try CairoImage(format: .argb32, width: d.width, height: d.height)
        let canvas = Canvas(image, view: .translation(Double(-d.x), Double(-d.y)))
        let c = s.configuration
        // Paint the whole rectangle, then keep the rounded shape.
        if let blur { canvas.paint(blur.image, placed: blur.placement, smooth: true, pad: true, op: .source) }
        canvas.paint(c.bezelColor)
        let content = try bezelContent(for: s)
        canvas.paint(content.image, placed: .translation(Double(d.x), Double(d.y)), smooth: false)
        try canvas.fill(.roundedRect(s.layout.bezel, radius: c.cornerRadius), space: geometry.matrix, op: .keepCovered)
        let cache = BezelCache(key: s.key, blurKey: blurKey, image: image)
        bezelCaches[s.id] = cache
        return cache
    }

    /// Labels and static indicator on a transparent bezel-sized image:
    /// rasterised only when they change, not when the blur does.
    private func bezelContent(for s: LayerScene) throws(RenderError) -> BezelContent {
        if let cached = contentCaches[s.id], cached.key == s.key { return cached }
        let d = s.bezelDevice
        let image = try CairoImage(format: .argb32, width: d.width, height: d.height)
        let canvas = Canvas(image, view: .translation(Double(-d.x), Double(-d.y)))
        let m = geometry.matrix
        let c = s.configuration
        if let box = s.layout.indicator {
            switch c.mode {
            case .success, .failure:
                for (shape, shade) in IndicatorPainter.shapes(.none, mode: c.mode, in: box) {
                    try canvas.fill(shape, space: m, color: c.contentColor.multiplyingAlpha(by: shade))
                }
            case .customImage:
                if let img = s.image { canvas.paint(img, placed: m.after(.translation(box.x, box.y)), smooth: true) }
            default: break
            }
        }
        if let label = s.label, let r = s.layout.label {
            try label.draw(on: canvas, x: r.x, y: r.y, color: c.label.color ?? c.contentColor, space: m, scale: geometry.scale)
        }
        if let details = s.details, let r = s.layout.details {
            try details.draw(on: canvas, x: r.x, y: r.y, color: c.detailsLabel.color ?? c.contentColor, space: m, scale: geometry.scale)
        }
        if let button = s.button, let r = s.layout.button {
            try drawButton(canvas, title: button, in: r, color: c.contentColor, highlighted: s.key.buttonHighlighted)
        }
        let content = BezelContent(key: s.key, image: image)
        contentCaches[s.id] = content
        return content
    }

    /// MBProgressHUDRoundedButton: a 1 pt border in `color` with fully round
    /// ends, the title in `color`, and when highlighted a fill of `color` at α 0.1.
    private func drawButton(_ canvas: Canvas, title: TextBlock, in r: LayoutRect, color: HUDColor, highlighted: Bool) throws(RenderError) {
        let m = geometry.matrix
        if highlighted {
            try canvas.fill(.roundedRect(r, radius: IndicatorPainter.buttonRadius(r)), space: m,
                            color: HUDColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.1))
        }
        try canvas.fill(IndicatorPainter.buttonBorder(r), space: m, color: color)
        try title.draw(on: canvas, x: r.midX - title.columnWidth / 2, y: r.midY - title.height / 2, color: color, space: m,
                       scale: geometry.scale)
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
    private func paintBackgroundBlur(_ canvas: Canvas, index: Int) throws(RenderError) {
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
        canvas.paint(blur.image, placed: blur.placement, smooth: true, pad: true, alpha: s.backgroundBlur)
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
        // exactly ½ is a 2×2 box average.
        var factor = 1
        switch key.method {
        case .downscaledBoxBlur, .downscaledPixmanGaussian: while factor < 32, Double(factor * 2) * 1.5 <= sigma { factor *= 2 }
        case .downscaleUpscale: while factor < 32, Double(factor * 2) <= sigma { factor *= 2 }
        case .fullResolutionBoxBlur: break
        }
        let first = factor > 1 ? 2 : 1
        var small = try CairoImage(format: .rgb24, width: (src.width + first - 1) / first,
                                    height: (src.height + first - 1) / first)
        let view = Affine.scaling(1 / Double(first)).after(.translation(Double(-src.x), Double(-src.y)))
        try drawScene(Canvas(small, view: view), layerCount: index, dimmingOf: dimmingOf, downscaled: first > 1, forBlur: true)
        var reached = first
        while reached < factor {
            let half = try CairoImage(format: .rgb24, width: (small.width + 1) / 2, height: (small.height + 1) / 2)
            Canvas(half).paint(small, placed: .scaling(0.5), smooth: true, pad: true, op: .source)
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
            small.flush()
            BoxBlur.blur(small.data, width: small.width, height: small.height, stride: small.stride, radius: radius, passes: 3)
            small.markDirty()
        }
        return BlurredBackdrop(key: key, source: src, image: small, factor: factor)
    }

    // MARK: Targets and the fast indicator path

    func targetSurface(for buffer: PixelBuffer) throws(RenderError) -> CairoImage {
        if let t = targets.first(where: { $0.matches(buffer) }) {
            // The buffer is written outside Cairo between frames (the Swift painter, damage copies).
            t.image.markDirty()
            return t.image
        }
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
        let boxView = Affine.translation(Double(-box.x), Double(-box.y))
        let cache: IndicatorCache
        if let c = indicatorCache, c.layerID == s.id, c.rect == box, c.generation == sceneGeneration, c.format == target.format {
            cache = c
        } else {
            let background = try CairoImage(format: target.format, width: box.width, height: box.height)
            try drawScene(Canvas(background, view: boxView), layerCount: scenes.count, skippingIndicatorOf: index)
            cache = IndicatorCache(layerID: s.id, rect: box, generation: sceneGeneration, format: target.format,
                                   background: background, steps: HUDPresentation.spinnerSteps)
            indicatorCache = cache
        }
        if case .spinner(let step) = s.dynamic, cache.spinnerFrames.indices.contains(step) {
            let frame: CairoImage
            if let f = cache.spinnerFrames[step] {
                frame = f
            } else {
                frame = try CairoImage(format: target.format, width: box.width, height: box.height)
                frame.copyRows(from: cache.background, sourceOrigin: (0, 0),
                               rect: PixelRect(x: 0, y: 0, width: box.width, height: box.height))
                try drawDynamicIndicator(Canvas(frame, view: boxView), s)
                cache.spinnerFrames[step] = frame
            }
            target.copyRows(from: frame, sourceOrigin: (box.x, box.y), rect: rect)
            return
        }
        target.copyRows(from: cache.background, sourceOrigin: (box.x, box.y), rect: rect)
        try drawDynamicIndicator(Canvas(target, clip: rect), s)
    }
}
