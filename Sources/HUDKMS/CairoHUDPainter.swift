#if canImport(Glibc)
import Glibc
#endif
import CCairo
import HUDCore

/// A small Cairo painter for HUD snapshots on scan-out buffers: a flat
/// (solid) bezel, the indicator for each mode and the labels, laid out by
/// `BezelLayout`. Repaints only damage: when only the spinner turned, just
/// the indicator; when a bezel changed, the union of its old and new rect.
///
/// Cairo surfaces over the mapped buffers are made once. Labels come from a
/// `LabelRasterizer` thread and join a frame after they are ready.
public final class CairoHUDPainter: FramePainter, @unchecked Sendable {
    public var onNeedsFrame: (@Sendable () -> Void)?
    /// The layout of the topmost HUD in the last painted frame (for checks).
    public private(set) var lastLayout: BezelLayout?
    /// Whether every label of the last painted frame was drawn.
    public private(set) var lastFrameHadAllLabels = true
    /// Pixels repainted so far, all buffers.
    public private(set) var pixelsPainted = 0

    private let width: Int
    private let height: Int
    private var surfaces: [OpaquePointer] = []
    private var contexts: [OpaquePointer] = []
    private var tracker: DamageTracker
    private var rasterizer: LabelRasterizer!
    private var images: [String: OpaquePointer] = [:]

    /// What decides a layer's pixels, minus the spinner's phase.
    private struct Look: Equatable {
        var id: Int
        var configuration: HUDConfiguration
        var presentation: HUDPresentation  // spinnerPhase zeroed
        var phase: Double
        var label: ObjectIdentifier?
        var details: ObjectIdentifier?
        var bezel: ScanoutRect
        var indicator: ScanoutRect
        var coversScreen: Bool
    }
    private var previous: [Look] = []
    private var current: [Look] = []

    public init(buffers: [DumbBuffer]) {
        width = buffers.first?.width ?? 0
        height = buffers.first?.height ?? 0
        tracker = DamageTracker(bufferCount: buffers.count, bounds: ScanoutRect(x: 0, y: 0, width: width, height: height))
        for b in buffers {
            let s = cairo_image_surface_create_for_data(b.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                        Int32(b.width), Int32(b.height), Int32(b.pitch))
            surfaces.append(s!)
            contexts.append(cairo_create(s)!)
        }
        rasterizer = LabelRasterizer { [weak self] in self?.onNeedsFrame?() }
        previous.reserveCapacity(4)
        current.reserveCapacity(4)
    }

    deinit {
        for c in contexts { cairo_destroy(c) }
        for s in surfaces { cairo_surface_destroy(s) }
        for (_, i) in images { cairo_surface_destroy(i) }
    }

    public func invalidateAll() { tracker.invalidateAll() }

    private func labelKey(_ label: HUDLabel, _ c: HUDConfiguration) -> LabelKey? {
        guard !label.text.isEmpty else { return nil }
        return LabelKey(text: label.text, font: label.font, color: label.color ?? c.contentColor,
                        maximumLines: label.maximumLines, maximumWidth: max(1, width - Int(4 * c.margin)))
    }

    public func paint(_ snapshot: HUDSnapshot, buffer index: Int) -> ScanoutRect {
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
        var layouts: [(BezelLayout, LabelImage?, LabelImage?)] = []
        var allLabels = true
        for layer in snapshot.layers where layer.presentation.isVisible {
            let c = layer.configuration, p = layer.presentation
            let label = labelKey(c.label, c).flatMap { rasterizer.image(for: $0) }
            let details = labelKey(c.detailsLabel, c).flatMap { rasterizer.image(for: $0) }
            if (label == nil && !c.label.text.isEmpty) || (details == nil && !c.detailsLabel.text.isEmpty) { allLabels = false }
            let layout = BezelLayout(configuration: c, presentation: p, screenWidth: width, screenHeight: height,
                                     labelSize: label.map { (Double($0.width), Double($0.height)) },
                                     detailsSize: details.map { (Double($0.width), Double($0.height)) })
            var still = p
            still.spinnerPhase = 0
            let s = max(p.bezelScale, 0)
            let b = layout.bezel
            let scaled = ScanoutRect.covering(x: b.midX - b.width * s / 2, y: b.midY - b.height * s / 2,
                                              width: b.width * s, height: b.height * s, margin: 1)
            let i = layout.indicator
            let ind = ScanoutRect.covering(x: b.midX + (i.x - b.midX) * s, y: b.midY + (i.y - b.midY) * s,
                                           width: i.width * s, height: i.height * s, margin: 2)
            current.append(Look(id: layer.id, configuration: c, presentation: still, phase: p.spinnerPhase,
                                label: label.map(ObjectIdentifier.init), details: details.map(ObjectIdentifier.init),
                                bezel: scaled, indicator: ind,
                                coversScreen: c.backgroundColor.alpha * p.backgroundAlpha > 0))
            layouts.append((layout, label, details))
        }
        lastLayout = layouts.last?.0
        lastFrameHadAllLabels = allLabels

        // This frame's damage against the previous frame.
        let screen = tracker.bounds
        if current.contains(where: \.coversScreen) || previous.contains(where: \.coversScreen) {
            if current != previous { tracker.add(screen) }
        } else if current.map(\.id) == previous.map(\.id) {
            for (now, before) in zip(current, previous) where now != before {
                var changed = now
                changed.phase = before.phase
                tracker.add(changed == before ? now.indicator : now.bezel.union(before.bezel))
            }
        } else {
            for look in current + previous { tracker.add(look.bezel) }
        }
        let region = tracker.take(for: index)
        guard !region.isEmpty else { return region }
        pixelsPainted += region.area

        let cr = contexts[index]
        cairo_save(cr)
        cairo_rectangle(cr, Double(region.x), Double(region.y), Double(region.width), Double(region.height))
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        var n = 0
        for layer in snapshot.layers where layer.presentation.isVisible {
            let (layout, label, details) = layouts[n]
            n += 1
            draw(layer, layout, label, details, cr)
        }
        cairo_restore(cr)
        cairo_surface_flush(surfaces[index])
        return region
    }

    private func setColor(_ cr: OpaquePointer, _ c: HUDColor, _ alpha: Double) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    private func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        let r = max(0, min(r, w / 2, h / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    private func draw(_ layer: HUDLayer, _ layout: BezelLayout, _ label: LabelImage?, _ details: LabelImage?, _ cr: OpaquePointer) {
        let c = layer.configuration, p = layer.presentation
        if c.backgroundColor.alpha > 0, p.backgroundAlpha > 0 {
            setColor(cr, c.backgroundColor, p.backgroundAlpha)
            cairo_paint(cr)
        }
        let a = p.bezelAlpha
        guard a > 0 else { return }
        let b = layout.bezel
        cairo_save(cr)
        cairo_translate(cr, b.midX, b.midY)
        cairo_scale(cr, max(p.bezelScale, 0.001), max(p.bezelScale, 0.001))
        cairo_translate(cr, -b.midX, -b.midY)
        roundedRect(cr, b.x, b.y, b.width, b.height, c.cornerRadius)
        setColor(cr, c.bezelColor, a)
        cairo_fill(cr)
        drawIndicator(c, p, layout.indicator, cr)
        for (image, frame) in [(label, layout.label), (details, layout.details)] {
            guard let image else { continue }
            cairo_set_source_surface(cr, image.surface, frame.x.rounded(), frame.y.rounded())
            cairo_paint_with_alpha(cr, a)
        }
        cairo_restore(cr)
    }

    private func drawIndicator(_ c: HUDConfiguration, _ p: HUDPresentation, _ f: BezelLayout.Frame, _ cr: OpaquePointer) {
        let a = p.bezelAlpha
        let color = c.contentColor
        let cx = f.midX, cy = f.midY
        switch c.mode {
        case .text:
            return
        case .indeterminate:
            // UIKit's large activity indicator: 12 spokes, the head opaque, the tail fading.
            let steps = HUDPresentation.spinnerSteps
            let head = Int((p.spinnerPhase * Double(steps)).rounded()) % steps
            cairo_set_line_width(cr, 3.5)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            for k in 0..<steps {
                let angle = 2 * Double.pi * Double(k) / Double(steps) - .pi / 2
                let age = (head - k + steps) % steps
                setColor(cr, color, a * max(0.25, 1 - Double(age) / Double(steps)))
                cairo_move_to(cr, cx + cos(angle) * 9, cy + sin(angle) * 9)
                cairo_line_to(cr, cx + cos(angle) * 16.5, cy + sin(angle) * 16.5)
                cairo_stroke(cr)
            }
        case .annularDeterminate, .determinate:
            // MBRoundProgressView: a faint full circle and the progress from 12 o'clock, clockwise.
            let annular = c.mode == .annularDeterminate
            let lineWidth = 2.0
            let r = (f.width - lineWidth) / 2
            cairo_set_line_width(cr, lineWidth)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            setColor(cr, annular ? color.multiplyingAlpha(by: 0.1) : color, a)
            cairo_new_path(cr)
            cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
            cairo_stroke(cr)
            let end = -Double.pi / 2 + 2 * .pi * p.progress
            setColor(cr, color, a)
            cairo_new_path(cr)
            if annular {
                if p.progress > 0 {
                    cairo_arc(cr, cx, cy, r, -.pi / 2, end)
                    cairo_stroke(cr)
                }
            } else if p.progress > 0 {
                cairo_move_to(cr, cx, cy)
                cairo_arc(cr, cx, cy, r - lineWidth * 2, -.pi / 2, end)
                cairo_close_path(cr)
                cairo_fill(cr)
            }
        case .determinateHorizontalBar:
            // MBBarProgressView: a rounded outline and a fill inset by 4.
            cairo_set_line_width(cr, 2)
            setColor(cr, color, a)
            roundedRect(cr, f.x + 1, f.y + 1, f.width - 2, f.height - 2, (f.height - 2) / 2)
            cairo_stroke(cr)
            let fill = (f.width - 8) * p.progress
            if fill > 0 {
                roundedRect(cr, f.x + 4, f.y + 4, fill, f.height - 8, (f.height - 8) / 2)
                cairo_fill(cr)
            }
        case .success, .failure:
            cairo_set_line_width(cr, 4)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            setColor(cr, color, a)
            if c.mode == .success {
                cairo_move_to(cr, f.x + 6, cy + 1)
                cairo_line_to(cr, f.x + 15, f.y + f.height - 8)
                cairo_line_to(cr, f.x + f.width - 5, f.y + 8)
            } else {
                cairo_move_to(cr, f.x + 8, f.y + 8)
                cairo_line_to(cr, f.x + f.width - 8, f.y + f.height - 8)
                cairo_move_to(cr, f.x + f.width - 8, f.y + 8)
                cairo_line_to(cr, f.x + 8, f.y + f.height - 8)
            }
            cairo_stroke(cr)
        case .customImage(let path):
            let image: OpaquePointer
            if let cached = images[path] {
                image = cached
            } else {
                image = cairo_image_surface_create_from_png(path)
                images[path] = image
            }
            guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return }
            let w = Double(cairo_image_surface_get_width(image)), h = Double(cairo_image_surface_get_height(image))
            guard w > 0, h > 0 else { return }
            let s = min(f.width / w, f.height / h)
            cairo_save(cr)
            cairo_translate(cr, cx - w * s / 2, cy - h * s / 2)
            cairo_scale(cr, s, s)
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_paint_with_alpha(cr, a)
            cairo_restore(cr)
        }
    }
}
