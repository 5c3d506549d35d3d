import HUDCore

extension HUDRenderer {
    /// Lays out one HUD: text (cached), indicator, bezel, device rectangles.
    func makeScene(_ layer: HUDLayer, area: LayoutRect) -> LayerScene {
        var c = layer.configuration
        let p = layer.presentation
        if target == .layer {
            // Over pixels it cannot read: the tint alone.
            c.bezelStyle = .solidColor
            c.backgroundStyle = .solidColor
        }
        // A spinner step or a progress change moves only the indicator: keep
        // the previous scene's layout, text and key instead of computing them again.
        // (A progress source writes its value into the configuration too; the
        // scene does not depend on it, so it is left out of the comparison.)
        if let previous = scenes.first(where: { $0.id == layer.id }), previous.inputGeneration == sceneInputGeneration,
           previous.area == area, previous.source.differsOnlyInIndicator(from: p),
           previous.configuration.equalsIgnoringProgress(c), imageFileUnchanged(c.mode) {
            var scene = previous
            scene.configuration = c
            scene.source = p
            scene.presentation.spinnerPhase = p.spinnerPhase
            scene.presentation.progress = p.progress
            scene.dynamic = dynamicIndicator(c.mode, p)
            return scene
        }
        let wanted = style.maximumTextWidth.isFinite ? style.maximumTextWidth : 320
        let maxText = max(1, min(wanted, geometry.logicalWidth - 4 * c.margin))

        var indicatorSize: HUDSize?
        var image: CairoImage?
        var imageFile: FileIdentity?
        let dynamic = dynamicIndicator(c.mode, p)
        let side = style.indicatorSize.isFinite ? min(max(style.indicatorSize, 1), 1000) : 37
        let square = HUDSize(width: side, height: side)
        switch c.mode {
        case .indeterminate, .determinate, .annularDeterminate:
            indicatorSize = square
        case .determinateHorizontalBar:
            indicatorSize = IndicatorPainter.barSize
        case .success, .failure:
            indicatorSize = square
        case .customImage(let path):
            image = loadImage(path)
            if image != nil { imageFile = images[path]?.identity }
            if let image { indicatorSize = HUDSize(width: Double(image.width), height: Double(image.height)) }
        case .text:
            break
        }
        // The labels may take what the screen has left after margins and the indicator.
        let fixed = indicatorSize.map { $0.height + BezelLayout.spacing } ?? 0
        let maxTextHeight = max(1, geometry.logicalHeight - 4 * c.margin - fixed)
        let text = layerText(id: layer.id, configuration: c, maximumWidth: maxText, maximumHeight: maxTextHeight)

        // Natural alignment shares one column so both labels start at the same edge.
        if style.textAlignment == .natural {
            let column = max(text.label?.width ?? 0, text.details?.width ?? 0)
            text.label?.setColumnWidth(column)
            text.details?.setColumnWidth(column)
        }
        let layout = BezelLayout.compute(
            configuration: c, geometry: geometry, area: area, indicatorSize: indicatorSize,
            label: text.label.map { HUDSize(width: $0.columnWidth, height: $0.height) },
            details: text.details.map { HUDSize(width: $0.columnWidth, height: $0.height) },
            button: text.button.map { BezelLayout.buttonSize(title: HUDSize(width: $0.columnWidth, height: $0.height)) },
            parallax: p.parallaxOffset)

        // Only what the bezel's pixels depend on: progress moves the indicator,
        // the dimming is drawn under the bezel, timing does not show.
        var keyConfiguration = c
        keyConfiguration.progress = 0
        keyConfiguration.backgroundColor = .clear
        keyConfiguration.graceTime = .zero
        keyConfiguration.minShowTime = .zero
        keyConfiguration.animation = .fade
        keyConfiguration.removesWhenHidden = false
        keyConfiguration.motionEffectEnabled = false
        keyConfiguration.motionAmplitude = 0
        let key = BezelKey(configuration: keyConfiguration, layout: layout,
                           showsText: text.label != nil || text.details != nil,
                           buttonHighlighted: p.buttonHighlighted && text.button != nil, image: imageFile)

        let scale = p.bezelScale.isFinite && p.bezelScale > 0 ? p.bezelScale : 1
        let alpha = p.bezelAlpha.isFinite ? min(max(p.bezelAlpha, 0), 1) : 1
        let bezelDevice = deviceRect(layout.bezel, scale: 1, about: layout.bezel)
        let drawn = alpha > 0 ? deviceRect(layout.bezel, scale: scale, about: layout.bezel) : PixelRect(x: 0, y: 0, width: 0, height: 0)
        var indicatorDevice = PixelRect(x: 0, y: 0, width: 0, height: 0)
        if dynamic != .none, alpha > 0, let box = layout.indicator {
            indicatorDevice = deviceRect(box, scale: scale, about: layout.bezel).insetBy(-1).intersection(drawn)
        }
        var buttonDevice = PixelRect(x: 0, y: 0, width: 0, height: 0)
        if alpha > 0, let box = layout.button {
            buttonDevice = deviceRect(box, scale: scale, about: layout.bezel).insetBy(-1).intersection(drawn)
        }
        let bgAlpha = p.backgroundAlpha.isFinite ? min(max(p.backgroundAlpha, 0), 1) : 0
        let dim = c.backgroundColor.multiplyingAlpha(by: bgAlpha)
        let blurredBackground = c.backgroundStyle == .blur && bgAlpha > 0 && style.blurRadius > 0 ? bgAlpha : 0

        var presentation = p
        presentation.bezelAlpha = alpha
        presentation.bezelScale = scale
        return LayerScene(id: layer.id, configuration: c, presentation: presentation, layout: layout, key: key,
                          dynamic: dynamic, label: text.label, details: text.details, button: text.button, image: image,
                          bezelDevice: bezelDevice, drawnDevice: drawn, indicatorDevice: indicatorDevice,
                          buttonDevice: buttonDevice,
                          dimming: dim.alpha > 0 || blurredBackground > 0 ? dim : nil,
                          backgroundBlur: blurredBackground,
                          source: p, area: area, inputGeneration: sceneInputGeneration)
    }

    /// What the mode's changing indicator shows at this presentation.
    private func dynamicIndicator(_ mode: HUDMode, _ p: HUDPresentation) -> DynamicIndicator {
        switch mode {
        case .indeterminate:
            let steps = HUDPresentation.spinnerSteps
            let phase = p.spinnerPhase.isFinite ? p.spinnerPhase : 0
            return .spinner(step: ((Int((phase * Double(steps)).rounded()) % steps) + steps) % steps)
        case .determinate: return .pie(progress: progressValue(p.progress))
        case .annularDeterminate: return .ring(progress: progressValue(p.progress))
        case .determinateHorizontalBar: return .bar(progress: progressValue(p.progress))
        case .success, .failure, .customImage, .text: return .none
        }
    }

    private func progressValue(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }

    /// The device pixels of `rect` scaled by `scale` about the centre of `bezel`.
    func deviceRect(_ rect: LayoutRect, scale: Double, about bezel: LayoutRect) -> PixelRect {
        let cx = bezel.midX, cy = bezel.midY
        let r = LayoutRect(x: cx + (rect.x - cx) * scale, y: cy + (rect.y - cy) * scale,
                           width: rect.width * scale, height: rect.height * scale)
        return geometry.deviceRect(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// The labels of one HUD, laid out again only when they change.
    /// Details too long for the screen are cut to the lines that fit, with an ellipsis.
    private func layerText(id: Int, configuration c: HUDConfiguration, maximumWidth: Double, maximumHeight: Double) -> LayerText {
        let wantsText = !c.label.text.isEmpty || !c.detailsLabel.text.isEmpty || !c.buttonTitle.isEmpty
        if wantsText, textEngine == nil, textLoading == .onFirstUse { prepareText() }
        guard wantsText, let engine = textEngine else {
            return LayerText(label: nil, details: nil, button: nil, labelSource: c.label, detailsSource: c.detailsLabel,
                             buttonSource: c.buttonTitle, maximumWidth: maximumWidth, maximumHeight: maximumHeight)
        }
        if let cached = textCaches[id], cached.labelSource == c.label, cached.detailsSource == c.detailsLabel,
           cached.buttonSource == c.buttonTitle,
           cached.maximumWidth == maximumWidth, cached.maximumHeight == maximumHeight {
            return cached
        }
        func block(_ l: HUDLabel) -> TextBlock? {
            l.text.isEmpty ? nil : TextBlock(engine: engine, label: l, maximumWidth: maximumWidth, alignment: style.textAlignment)
        }
        let label = block(c.label)
        var details = block(c.detailsLabel)
        // MBProgressHUD's button title: the details label's font, semibold, one line.
        let padding = BezelLayout.buttonPadding
        let button = c.buttonTitle.isEmpty ? nil : TextBlock(
            engine: engine, label: HUDLabel(text: c.buttonTitle, font: c.detailsLabel.font, maximumLines: 1),
            maximumWidth: max(1, maximumWidth - 2 * padding.width), alignment: .center, semibold: true)
        let buttonHeight = button.map { $0.height + 2 * padding.height + BezelLayout.spacing } ?? 0
        let labelHeight = (label.map { $0.height + BezelLayout.spacing } ?? 0) + buttonHeight
        if let d = details, labelHeight + d.height > maximumHeight, d.lineCount > 1 {
            let lineHeight = d.height / Double(d.lineCount)
            var fitted = c.detailsLabel
            fitted.maximumLines = max(1, Int((maximumHeight - labelHeight) / lineHeight))
            details = block(fitted)
        }
        for problem in engine.catalog.takeProblems() { newProblems.append(.font("\(problem)")) }
        let text = LayerText(label: label, details: details, button: button, labelSource: c.label,
                             detailsSource: c.detailsLabel, buttonSource: c.buttonTitle,
                             maximumWidth: maximumWidth, maximumHeight: maximumHeight)
        textCaches[id] = text
        return text
    }

    /// A custom image, loaded once per version of its file: a failure is
    /// reported once and the HUD is drawn without it, until the file changes
    /// (created, fixed, replaced). At most `imageCacheBytes` stay decoded.
    func loadImage(_ path: String) -> CairoImage? {
        imageUses += 1
        let identity = FileIdentity.of(path)
        if var cached = images[path], cached.identity == identity {
            cached.lastUse = imageUses
            images[path] = cached
            return cached.image
        }
        guard !graphicsUnavailable else {
            newProblems.append(.graphicsUnavailable("custom image \(path) not drawn"))
            images[path] = CachedImage(identity: identity, image: nil, lastUse: imageUses)
            return nil
        }
        var entry = CachedImage(identity: identity, image: nil, lastUse: imageUses)
        do {
            let source = try PNGSource.read(path)
            entry.identity = source.identity
            entry.image = try CairoImage.png(source, path: path)
        } catch {
            newProblems.append(error)
        }
        images[path] = entry
        trimImageCache(keeping: path)
        return entry.image
    }

    /// For a custom image: whether its path still names the file it was
    /// loaded from (one `stat`); a file created or replaced since is read again.
    private func imageFileUnchanged(_ mode: HUDMode) -> Bool {
        guard case .customImage(let path) = mode else { return true }
        return images[path]?.identity == FileIdentity.of(path)
    }

    private func trimImageCache(keeping path: String) {
        var total = images.values.reduce(0) { $0 + $1.bytes }
        while total > Self.imageCacheBytes,
              let oldest = images.filter({ $0.key != path && $0.value.image != nil }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            total -= oldest.value.bytes
            images[oldest.key] = nil
        }
    }

    func loadLogoIfNeeded() {
        guard !logoLoaded else { return }
        logoLoaded = true
        guard let path = backdrop.imagePath, !path.isEmpty else { return }
        do {
            // Decoded without Cairo: the first frames can show it before Cairo is loaded.
            logo = try PNGDecoder.decode(PNGSource.read(path), path: path)
        } catch {
            newProblems.append(error)
        }
    }

    /// Where bezels are centred: the screen, or with `.hudBelow` the part
    /// of the screen under the centred logo.
    func layoutArea() -> LayoutRect {
        let w = geometry.logicalWidth, h = geometry.logicalHeight
        guard backdrop.placement == .hudBelow, let logo else { return LayoutRect(x: 0, y: 0, width: w, height: h) }
        let bottom = min(h, (h + Double(logo.height)) / 2)
        return LayoutRect(x: 0, y: bottom, width: w, height: h - bottom)
    }
}
