import Glibc

/// A shape as a signed distance in points: negative inside, positive outside.
/// `CoveragePainter` and `Canvas` turn it into anti-aliased coverage.
enum ShapeDistance: Sendable {
    /// A rectangle with corners rounded by `radius` (clamped to half the short side).
    case roundedRect(LayoutRect, radius: Double)
    /// A line from `from` to `to` stroked `width` wide with round caps.
    case capsule(from: (x: Double, y: Double), to: (x: Double, y: Double), width: Double)
    /// A circle's outline of `radius` around `center`, `width` wide, from
    /// 12 o'clock clockwise over `fraction` of a turn, with round caps.
    case arc(center: (x: Double, y: Double), radius: Double, width: Double, fraction: Double)
    /// A disc of `radius`, or the sector of it from 12 o'clock clockwise over `fraction` of a turn.
    case sector(center: (x: Double, y: Double), radius: Double, fraction: Double)
    /// The points inside every shape.
    indirect case intersection(ShapeDistance, ShapeDistance)
    /// The points inside any shape (one stroke of several segments).
    indirect case union([ShapeDistance])
    /// The points outside the shape.
    indirect case inverted(ShapeDistance)

    /// A rectangle holding every point inside, when it is quick to tell.
    var bounds: LayoutRect? {
        switch self {
        case .roundedRect(let r, _): return r
        case .capsule(let a, let b, let width):
            return LayoutRect(x: min(a.x, b.x) - width / 2, y: min(a.y, b.y) - width / 2,
                              width: abs(b.x - a.x) + width, height: abs(b.y - a.y) + width)
        case .intersection(let a, let b): return a.bounds ?? b.bounds
        default: return nil
        }
    }

    /// A rectangle every point of which is inside, when it is quick to tell
    /// (a rounded rectangle less the part its corners could cut); nil otherwise.
    var interior: LayoutRect? {
        switch self {
        case .roundedRect(let r, let radius):
            // Any point at least radius·(1 − 1/√2) from both edges of a corner
            // square lies inside that corner's arc.
            let cut = min(max(radius, 0), min(r.width, r.height) / 2) * (1 - 1 / 2.0.squareRoot())
            guard r.width > 2 * cut, r.height > 2 * cut else { return nil }
            return r.insetBy(cut)
        case .intersection(let a, let b):
            guard let i = a.interior, let j = b.interior else { return nil }
            let x0 = max(i.x, j.x), y0 = max(i.y, j.y)
            let x1 = min(i.x + i.width, j.x + j.width), y1 = min(i.y + i.height, j.y + j.height)
            guard x1 > x0, y1 > y0 else { return nil }
            return LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        default: return nil
        }
    }

    func distance(_ x: Double, _ y: Double) -> Double {
        switch self {
        case .roundedRect(let r, let radius):
            let rad = max(0, min(radius, min(r.width, r.height) / 2))
            let qx = abs(x - r.midX) - (r.width / 2 - rad), qy = abs(y - r.midY) - (r.height / 2 - rad)
            let ox = max(qx, 0), oy = max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - rad
        case .capsule(let a, let b, let width):
            let dx = b.x - a.x, dy = b.y - a.y, px = x - a.x, py = y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? min(max((px * dx + py * dy) / length2, 0), 1) : 0
            let ex = px - dx * t, ey = py - dy * t
            return (ex * ex + ey * ey).squareRoot() - width / 2
        case .arc(let c, let radius, let width, let fraction):
            let px = x - c.x, py = y - c.y
            let rho = (px * px + py * py).squareRoot()
            let ring = abs(rho - radius) - width / 2
            if fraction >= 1 { return ring }
            if Self.turnsFromTwelve(px, py) <= fraction { return ring }
            let end = 2 * Double.pi * fraction - Double.pi / 2
            let e0 = (x: c.x, y: c.y - radius), e1 = (x: c.x + radius * cos(end), y: c.y + radius * sin(end))
            let d0 = ((x - e0.x) * (x - e0.x) + (y - e0.y) * (y - e0.y)).squareRoot()
            let d1 = ((x - e1.x) * (x - e1.x) + (y - e1.y) * (y - e1.y)).squareRoot()
            return min(d0, d1) - width / 2
        case .sector(let c, let radius, let fraction):
            let px = x - c.x, py = y - c.y
            let disc = (px * px + py * py).squareRoot() - radius
            if fraction >= 1 { return disc }
            let inside = Self.turnsFromTwelve(px, py) <= fraction
            let edge = Self.distanceToWedgeEdges(px, py, fraction: fraction)
            return max(disc, inside ? -edge : edge)
        case .intersection(let a, let b):
            return max(a.distance(x, y), b.distance(x, y))
        case .inverted(let shape):
            return -shape.distance(x, y)
        case .union(let parts):
            var d = Double.infinity
            for p in parts { d = min(d, p.distance(x, y)) }
            return d
        }
    }

    /// The direction of (px, py) in turns clockwise from 12 o'clock (y down), 0..<1.
    private static func turnsFromTwelve(_ px: Double, _ py: Double) -> Double {
        let t = (atan2(py, px) + Double.pi / 2) / (2 * Double.pi)
        return t < 0 ? t + 1 : (t >= 1 ? t - 1 : t)
    }

    /// Distance to the nearer of the two rays bounding the wedge.
    private static func distanceToWedgeEdges(_ px: Double, _ py: Double, fraction: Double) -> Double {
        func toRay(_ angle: Double) -> Double {
            let ux = cos(angle), uy = sin(angle)
            let along = px * ux + py * uy
            return along <= 0 ? (px * px + py * py).squareRoot() : abs(px * uy - py * ux)
        }
        return min(toRay(-Double.pi / 2), toRay(2 * Double.pi * fraction - Double.pi / 2))
    }
}
