import Glibc
import HUDCore

extension HUDRenderer {
    /// Whether `drawWithoutCairo` can paint the current picture: at most one
    /// HUD, no custom image, no app picture, a logo only where it lands on
    /// whole pixels (scale 1, any quarter turn). Labels and the button are
    /// drawn from the same coverage masks `Canvas` draws. Over a plain screen
    /// colour a blurred bezel is that colour tinted, so both bezel styles come
    /// out as one tinted rounded rectangle.
    public var canDrawWithoutCairo: Bool {
        // Without Cairo at all, this is all there is: custom images were
        // never loaded, stacked HUDs are drawn one over the other.
        if graphicsUnavailable { return true }
        // The app's picture is composed by Cairo.
        guard content == nil, target == .screen, scenes.allSatisfy({ $0.backgroundBlur == 0 }), scenes.count <= 1, logo == nil || logoIsPixelExact else { return false }
        guard let s = scenes.first else { return true }
        if case .customImage = s.configuration.mode { return false }
        return true
    }

    /// Paints `region` of the current picture (the last `update`) with
    /// `CoveragePainter`, calling no Cairo function, so a process can show its
    /// first frames before Cairo is even loaded. Answers nil, and
    /// draws nothing, when the picture needs Cairo (`canDrawWithoutCairo`);
    /// else the device pixels where it drew more than the screen colour.
    /// Matches `draw(into:region:)` to within anti-aliasing, and the screen
    /// colour to within rounding.
    public func drawWithoutCairo(into buffer: PixelBuffer, region: DamageRegion) throws(RenderError) -> PixelRect? {
        guard buffer.width == geometry.pixelWidth, buffer.height == geometry.pixelHeight else {
            throw .bufferMismatch(expected: "\(geometry.pixelWidth)×\(geometry.pixelHeight)",
                                  found: "\(buffer.width)×\(buffer.height)")
        }
        guard buffer.stride >= buffer.width * buffer.format.bytesPerPixel else {
            throw .badBuffer("stride \(buffer.stride) is shorter than \(buffer.width) \(buffer.format.rawValue) pixels")
        }
        guard canDrawWithoutCairo else { return nil }
        let painter = CoveragePainter(buffer: buffer, geometry: geometry)
        var base = backdrop.color
        if let d = scenes.first?.dimming {
            base = HUDColor(red: base.red * (1 - d.alpha) + d.red * d.alpha, green: base.green * (1 - d.alpha) + d.green * d.alpha,
                            blue: base.blue * (1 - d.alpha) + d.blue * d.alpha)
        }
        var shapes = PixelRect.empty
        let place = logoIsPixelExact ? logoPlacement() : nil
        for raw in region.rects {
            let rect = raw.intersection(geometry.bounds)
            guard !rect.isEmpty else { continue }
            if let logo, let place, place.device.intersects(rect) {
                painter.draw(logo, at: (place.x, place.y), in: place.device.intersection(rect),
                             over: backdrop.color, dimming: scenes.count <= 1 ? scenes.first?.dimming : nil)
                shapes = shapes.union(place.device.intersection(rect))
            }
            if scenes.count <= 1 {
                painter.fill(rect, base, except: place?.device)
                if let s = scenes.first {
                    paintLayerWithoutCairo(s, painter: painter, clip: rect)
                    shapes = shapes.union(s.drawnDevice.intersection(rect))
                }
                continue
            }
            // Several HUDs (only when Cairo is unavailable): bottom first, each
            // dimming what is under it, no blur of the HUDs below a bezel.
            painter.fill(rect, backdrop.color, except: place?.device)
            for s in scenes {
                if let d = s.dimming {
                    painter.composite(.roundedRect(LayoutRect(x: -1, y: -1, width: geometry.logicalWidth + 2,
                                                            height: geometry.logicalHeight + 2), radius: 0), in: rect,
                                      color: HUDColor(red: d.red, green: d.green, blue: d.blue), alpha: d.alpha)
                }
                paintLayerWithoutCairo(s, painter: painter, clip: rect)
                shapes = shapes.union(s.drawnDevice.intersection(rect))
            }
        }
        return shapes
    }

    /// Whether the logo's pixels map one to one onto device pixels, so the
    /// Swift painter's copy equals Cairo's (scale 1; rotations are quarter turns).
    var logoIsPixelExact: Bool { geometry.scale == 1 }

    /// Whether frames show the theme's logo: it was read, and Cairo is there
    /// or the Swift painter can draw it.
    public var drawsLogo: Bool { logo != nil && (!graphicsUnavailable || logoIsPixelExact) }

    private func paintLayerWithoutCairo(_ s: LayerScene, painter: CoveragePainter, clip: PixelRect) {
        let drawn = s.drawnDevice.intersection(clip)
        guard !drawn.isEmpty else { return }
        let c = s.configuration, alpha = s.presentation.bezelAlpha, zoom = s.presentation.bezelScale
        let centre = (x: s.layout.bezel.midX, y: s.layout.bezel.midY)
        // The cached bezel is cut at the scale-1 pixel box, then zoomed.
        let bezel = ShapeDistance.intersection(.roundedRect(s.layout.bezel, radius: c.cornerRadius),
                                               .roundedRect(bezelBoxInPoints(s), radius: 0))
        painter.composite(bezel, in: drawn, color: c.bezelColor, alpha: alpha, zoom: zoom, center: centre)
        if let box = s.layout.indicator {
            let area = (s.indicatorDevice.isEmpty ? drawn : s.indicatorDevice).intersection(drawn)
            for (shape, shade) in IndicatorPainter.shapes(s.dynamic, mode: c.mode, in: box) {
                painter.composite(shape, in: area, color: c.contentColor.multiplyingAlpha(by: shade), alpha: alpha,
                                  zoom: zoom, center: centre)
            }
        }
        func text(_ block: TextBlock?, at r: LayoutRect?, color: HUDColor) {
            guard let block, let r else { return }
            painter.composite(block.mask(scale: geometry.scale), origin: TextBlock.origin(x: r.x, y: r.y, scale: geometry.scale),
                              in: drawn, color: color, alpha: alpha, zoom: zoom, center: centre)
        }
        text(s.label, at: s.layout.label, color: c.label.color ?? c.contentColor)
        text(s.details, at: s.layout.details, color: c.detailsLabel.color ?? c.contentColor)
        if let title = s.button, let r = s.layout.button {
            if s.key.buttonHighlighted {
                painter.composite(.roundedRect(r, radius: IndicatorPainter.buttonRadius(r)), in: drawn,
                                  color: HUDColor(red: c.contentColor.red, green: c.contentColor.green, blue: c.contentColor.blue, alpha: 0.1),
                                  alpha: alpha, zoom: zoom, center: centre)
            }
            painter.composite(IndicatorPainter.buttonBorder(r), in: drawn, color: c.contentColor, alpha: alpha, zoom: zoom, center: centre)
            text(title, at: LayoutRect(x: r.midX - title.columnWidth / 2, y: r.midY - title.height / 2,
                                       width: title.columnWidth, height: title.height), color: c.contentColor)
        }
    }

    /// `bezelDevice` (whole pixels) in points, for the square cut of the cached image.
    private func bezelBoxInPoints(_ s: LayerScene) -> LayoutRect {
        let d = s.bezelDevice
        let a = geometry.logicalPoint(x: Double(d.x), y: Double(d.y))
        let b = geometry.logicalPoint(x: Double(d.x + d.width), y: Double(d.y + d.height))
        return LayoutRect(x: min(a.0, b.0), y: min(a.1, b.1), width: abs(b.0 - a.0), height: abs(b.1 - a.1))
    }
}
