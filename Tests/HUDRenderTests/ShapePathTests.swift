import HUDCore
import Testing
@testable import HUDRender

/// Every shape the HUD draws, from its one definition (`ShapeDistance`): as a
/// Cairo path (`Canvas`, the composed frames) and by its distances
/// (`CoveragePainter`, the Swift painter). The two agree to within
/// anti-aliasing; the same comparison fails when the Swift painter's shape
/// sits half a pixel off, so it can tell a misplaced outline.
@Suite struct ShapePathTests {
    /// What "agree" means: no pixel differs by more than 64 levels of 255, and
    /// over the pixels either painter touches the mean difference is at most 10.
    /// Measured: at most 56 (a pie's tip) and 7.6 (the 1-point button border)
    /// when the two agree; 117 or more when one shape is half a pixel off.
    static func disagreement(_ a: [UInt8], _ b: [UInt8]) -> String? {
        var worst = 0, touched = 0, total = 0
        for (x, y) in zip(a, b) {
            let d = abs(Int(x) - Int(y))
            worst = max(worst, d)
            if x > 0 || y > 0 {
                touched += 1
                total += d
            }
        }
        if worst > 64 { return "a pixel differs by \(worst)" }
        if total > 10 * touched { return "the mean difference is \(Double(total) / Double(max(touched, 1)))" }
        return nil
    }

    static let box = LayoutRect(x: 40.3, y: 30.6, width: 37, height: 37)

    static let shapes: [(String, ShapeDistance)] = {
        var all: [(String, ShapeDistance)] = [("rounded rectangle", .roundedRect(LayoutRect(x: 20.5, y: 10.25, width: 90, height: 60), radius: 10))]
        for (name, dynamic, mode) in [("spinner", DynamicIndicator.spinner(step: 3), HUDMode.indeterminate),
                                      ("pie", .pie(progress: 0.3), .determinate), ("ring", .ring(progress: 0.6), .annularDeterminate),
                                      ("bar", .bar(progress: 0.7), .determinateHorizontalBar), ("check", .none, .success),
                                      ("cross", .none, .failure)] {
            for (i, (shape, _)) in IndicatorPainter.shapes(dynamic, mode: mode, in: box).enumerated() {
                all.append(("\(name) \(i)", shape))
            }
        }
        all.append(("button border", IndicatorPainter.buttonBorder(LayoutRect(x: 12, y: 80, width: 80, height: 24.5))))
        return all
    }()

    func drawn(_ shape: ShapeDistance, scale: Double, rotation: ScreenRotation, byCairo: Bool,
               shiftedBy shift: Double = 0) throws -> [UInt8] {
        let geometry = try ScreenGeometry(pixelWidth: Int(160 * scale), pixelHeight: Int(120 * scale), scale: scale,
                                          rotation: rotation)
        let target = try OwnedPixelBuffer(width: geometry.pixelWidth, height: geometry.pixelHeight, format: .xrgb8888)
        let white = HUDColor(red: 1, green: 1, blue: 1)
        if byCairo {
            try Canvas(CairoImage(wrapping: target.buffer)).fill(shape, space: geometry.matrix, color: white)
        } else {
            // `shift` device pixels along the upright picture's x, in points.
            CoveragePainter(buffer: target.buffer, geometry: geometry)
                .composite(shape.translated(shift / scale, 0), in: geometry.bounds, color: white, alpha: 1)
        }
        var rgb: [UInt8] = []
        for y in 0..<geometry.pixelHeight {
            for x in 0..<geometry.pixelWidth {
                let c = target.buffer.rgb(x: x, y: y)
                rgb += [c.red, c.green, c.blue]
            }
        }
        return rgb
    }

    @Test(arguments: [(1.0, ScreenRotation.none), (1.5, .clockwise90), (2.0, .upsideDown), (1.0, .counterClockwise90)])
    func cairoPathsAndDistancesAgree(_ scale: Double, _ rotation: ScreenRotation) throws {
        for (name, shape) in Self.shapes {
            let cairo = try drawn(shape, scale: scale, rotation: rotation, byCairo: true)
            let swift = try drawn(shape, scale: scale, rotation: rotation, byCairo: false)
            #expect(cairo.contains { $0 > 200 }, "\(name): Cairo drew nothing")
            let verdict = Self.disagreement(cairo, swift)
            #expect(verdict == nil, "\(name), scale \(scale), \(rotation): \(verdict ?? "")")
            // The same judgement sees the Swift painter's shape half a device pixel off.
            let off = try drawn(shape, scale: scale, rotation: rotation, byCairo: false, shiftedBy: 0.5)
            #expect(Self.disagreement(cairo, off) != nil,
                    "\(name), scale \(scale), \(rotation): half a pixel off passed as the same shape")
        }
    }
}

extension ShapeDistance {
    /// The same shape moved by (dx, dy) points.
    func translated(_ dx: Double, _ dy: Double) -> ShapeDistance {
        func p(_ q: (x: Double, y: Double)) -> (x: Double, y: Double) { (q.x + dx, q.y + dy) }
        switch self {
        case .roundedRect(let r, let radius):
            return .roundedRect(LayoutRect(x: r.x + dx, y: r.y + dy, width: r.width, height: r.height), radius: radius)
        case .capsule(let a, let b, let width): return .capsule(from: p(a), to: p(b), width: width)
        case .arc(let c, let radius, let width, let fraction): return .arc(center: p(c), radius: radius, width: width, fraction: fraction)
        case .sector(let c, let radius, let fraction): return .sector(center: p(c), radius: radius, fraction: fraction)
        case .intersection(let a, let b): return .intersection(a.translated(dx, dy), b.translated(dx, dy))
        case .union(let parts): return .union(parts.map { $0.translated(dx, dy) })
        case .inverted(let shape): return .inverted(shape.translated(dx, dy))
        }
    }
}
