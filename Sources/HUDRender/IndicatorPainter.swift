import Glibc
import HUDCore

/// MBProgressHUD's indicators as shapes in points, in a box: what both
/// painters fill (`CoveragePainter` straight into the buffer, `Canvas` through Cairo).
enum IndicatorPainter {
    /// MBBarProgressView's size.
    static let barSize = HUDSize(width: 120, height: 10)
    /// Line width of the ring, pie outline and bar border (MBProgressHUD: 2).
    static let lineWidth: Double = 2
    /// Gap between the bar's border and its fill.
    static let barFillInset: Double = 3

    /// The indicator in drawing order, each shape with the factor its
    /// colour's alpha is multiplied by: the dynamic one (`dynamic`), or the
    /// success or failure mark of `mode`.
    ///
    /// - Spinner: UIActivityIndicatorView's 12 rounded spokes, the leading
    ///   one opaque and the ones behind it fading.
    /// - Ring: MBRoundProgressView annular, a faint full ring and the progress
    ///   arc from 12 o'clock clockwise.
    /// - Pie: MBRoundProgressView, a faint disc with an outline and a pie.
    /// - Bar: MBBarProgressView, a pill outline and a pill fill.
    static func shapes(_ dynamic: DynamicIndicator, mode: HUDMode, in box: LayoutRect) -> [(ShapeDistance, Double)] {
        let centre = (x: box.midX, y: box.midY)
        let line = lineWidth
        switch (dynamic, mode) {
        case (.spinner(let lead), _):
            let steps = HUDPresentation.spinnerSteps
            let size = min(box.width, box.height)
            let width = size * 0.09, outer = size / 2 - width / 2, inner = size * 0.24
            return (0..<steps).map { k in
                // k steps behind the leading spoke.
                let angle = Double((lead - k + steps) % steps) / Double(steps) * 2 * Double.pi - Double.pi / 2
                let c = cos(angle), sn = sin(angle)
                return (.capsule(from: (centre.x + c * inner, centre.y + sn * inner),
                                 to: (centre.x + c * outer, centre.y + sn * outer), width: width),
                        1 - 0.75 * Double(k) / Double(steps - 1))
            }
        case (.ring(let progress), _):
            let radius = (min(box.width, box.height) - line) / 2
            var shapes: [(ShapeDistance, Double)] = [(.arc(center: centre, radius: radius, width: line, fraction: 1), 0.1)]
            if progress > 0 { shapes.append((.arc(center: centre, radius: radius, width: line, fraction: progress), 1)) }
            return shapes
        case (.pie(let progress), _):
            let radius = (min(box.width, box.height) - line) / 2
            var shapes: [(ShapeDistance, Double)] = [(.sector(center: centre, radius: radius, fraction: 1), 0.1),
                                                     (.arc(center: centre, radius: radius, width: line, fraction: 1), 1)]
            if progress > 0 { shapes.append((.sector(center: centre, radius: radius - line * 1.5, fraction: progress), 1)) }
            return shapes
        case (.bar(let progress), _):
            let outline = box.insetBy(line / 2)
            let pill = min(outline.width, outline.height) / 2
            var shapes: [(ShapeDistance, Double)] = [(.intersection(.roundedRect(outline.insetBy(-line / 2), radius: pill + line / 2),
                                                                    .inverted(.roundedRect(outline.insetBy(line / 2), radius: pill - line / 2))), 1)]
            if progress > 0 {
                let inner = box.insetBy(barFillInset)
                let filled = LayoutRect(x: inner.x, y: inner.y, width: inner.width * min(progress, 1), height: inner.height)
                shapes.append((.intersection(.roundedRect(inner, radius: min(inner.width, inner.height) / 2),
                                             .roundedRect(filled, radius: 0)), 1))
            }
            return shapes
        case (_, .success):
            let side = min(box.width, box.height), x = box.midX - side / 2, y = box.midY - side / 2
            let p = [(x + side * 0.18, y + side * 0.52), (x + side * 0.41, y + side * 0.75), (x + side * 0.84, y + side * 0.27)]
            return [(.union([.capsule(from: p[0], to: p[1], width: side * 0.1), .capsule(from: p[1], to: p[2], width: side * 0.1)]), 1)]
        case (_, .failure):
            let side = min(box.width, box.height), x = box.midX - side / 2, y = box.midY - side / 2
            return [(.union([.capsule(from: (x + side * 0.22, y + side * 0.22), to: (x + side * 0.78, y + side * 0.78), width: side * 0.1),
                             .capsule(from: (x + side * 0.78, y + side * 0.22), to: (x + side * 0.22, y + side * 0.78), width: side * 0.1)]), 1)]
        default:
            return []
        }
    }

    /// MBProgressHUDRoundedButton's border: 1 pt inside the bounds, fully round ends.
    static func buttonBorder(_ r: LayoutRect) -> ShapeDistance {
        let radius = buttonRadius(r)
        return .intersection(.roundedRect(r, radius: radius), .inverted(.roundedRect(r.insetBy(1), radius: radius - 1)))
    }

    static func buttonRadius(_ r: LayoutRect) -> Double { (r.height / 2).rounded(.up) }
}
