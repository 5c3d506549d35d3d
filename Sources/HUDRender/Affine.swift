internal import CCairo

/// A 2-D affine map, `(x, y) ↦ (xx·x + xy·y + x0, yx·x + yy·y + y0)`: from
/// points to device pixels (`ScreenGeometry.matrix`), from device pixels to
/// an image's pixels (`Canvas.view`), and so on.
struct Affine: Equatable {
    var xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double

    static let identity = Affine(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)

    static func translation(_ x: Double, _ y: Double) -> Affine { Affine(xx: 1, yx: 0, xy: 0, yy: 1, x0: x, y0: y) }
    static func scaling(_ s: Double) -> Affine { Affine(xx: s, yx: 0, xy: 0, yy: s, x0: 0, y0: 0) }

    /// Scaling by `factor` about the point `center`.
    static func zoom(_ factor: Double, about center: (x: Double, y: Double)) -> Affine {
        Affine(xx: factor, yx: 0, xy: 0, yy: factor, x0: center.x * (1 - factor), y0: center.y * (1 - factor))
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (xx * x + xy * y + x0, yx * x + yy * y + y0)
    }

    /// This map after `first`: `self.apply(first.apply(p))`.
    func after(_ first: Affine) -> Affine {
        Affine(xx: xx * first.xx + xy * first.yx, yx: yx * first.xx + yy * first.yx,
               xy: xx * first.xy + xy * first.yy, yy: yx * first.xy + yy * first.yy,
               x0: xx * first.x0 + xy * first.y0 + x0, y0: yx * first.x0 + yy * first.y0 + y0)
    }

    var determinant: Double { xx * yy - xy * yx }

    /// The inverse map; the maps here are never singular (scales are positive).
    var inverted: Affine {
        let d = determinant
        return Affine(xx: yy / d, yx: -yx / d, xy: -xy / d, yy: xx / d,
                      x0: (xy * y0 - yy * x0) / d, y0: (yx * x0 - xx * y0) / d)
    }

    /// How many units of the result one unit becomes (the maps here are
    /// similarities: quarter turns, uniform scales and translations).
    var scaleFactor: Double { abs(determinant).squareRoot() }

    /// The whole-pixel offset, when this map is a translation by whole
    /// pixels (Cairo then copies without filtering); nil otherwise.
    var wholePixelTranslation: (x: Int32, y: Int32)? {
        guard xx == 1, yy == 1, xy == 0, yx == 0, x0 == x0.rounded(), y0 == y0.rounded(),
              abs(x0) < 1e9, abs(y0) < 1e9 else { return nil }
        return (Int32(x0), Int32(y0))
    }

    /// Cairo's form of this map (`cairo_matrix_t` has the same six numbers).
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
    }
}
