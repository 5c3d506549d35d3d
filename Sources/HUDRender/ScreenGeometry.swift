import HUDCore

/// The buffer's pixel size, the output scale (device pixels per point) and
/// the rotation. Layout happens in points on the rotated ("logical") screen.
public struct ScreenGeometry: Hashable, Sendable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Double
    public var rotation: ScreenRotation

    /// Sizes from 1×1 to 32767×32767 are accepted (320×240…3840×2160 are tested);
    /// a scale outside 0.25…8 or not finite is an error.
    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, rotation: ScreenRotation = .none) throws(RenderError) {
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32767, pixelHeight <= 32767 else {
            throw .badGeometry("screen size \(pixelWidth)×\(pixelHeight) is outside 1…32767")
        }
        guard scale.isFinite, scale >= 0.25, scale <= 8 else {
            throw .badGeometry("scale \(scale) is outside 0.25…8")
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.rotation = rotation
    }

    /// The usual output scale for a panel: 2 on HiDPI panels, else 1.
    ///
    /// With a known physical width (KMS `mmWidth`), HiDPI means at least
    /// 192 dots per inch on a panel at least 1200 pixels on its short side;
    /// without it, a short side of at least 2000 pixels (4K panels).
    public static func automaticScale(pixelWidth: Int, pixelHeight: Int, physicalWidthMillimetres: Int? = nil) -> Double {
        let shortSide = min(pixelWidth, pixelHeight)
        if let mm = physicalWidthMillimetres, mm > 0 {
            let dpi = Double(pixelWidth) / (Double(mm) / 25.4)
            return dpi >= 192 && shortSide >= 1200 ? 2 : 1
        }
        return shortSide >= 2000 ? 2 : 1
    }

    /// The whole buffer.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// Width of the upright picture in points.
    public var logicalWidth: Double { Double(rotation.swapsAxes ? pixelHeight : pixelWidth) / scale }
    /// Height of the upright picture in points.
    public var logicalHeight: Double { Double(rotation.swapsAxes ? pixelWidth : pixelHeight) / scale }

    /// Maps a point in the upright picture (points) to buffer pixels.
    public func devicePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        matrix.apply(x, y)
    }

    /// The buffer pixels that a rectangle of the upright picture touches.
    public func deviceRect(x: Double, y: Double, width: Double, height: Double) -> PixelRect {
        let a = devicePoint(x: x, y: y), b = devicePoint(x: x + width, y: y + height)
        // A hair of slack so coordinates snapped to whole pixels do not grow by one.
        let e = 1e-6
        let minX = Int((min(a.x, b.x) + e).rounded(.down)), maxX = Int((max(a.x, b.x) - e).rounded(.up))
        let minY = Int((min(a.y, b.y) + e).rounded(.down)), maxY = Int((max(a.y, b.y) - e).rounded(.up))
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(bounds)
    }

    /// The map from points in the upright picture to buffer pixels.
    var matrix: Affine {
        let s = scale, w = Double(pixelWidth), h = Double(pixelHeight)
        switch rotation {
        case .none: return Affine(xx: s, yx: 0, xy: 0, yy: s, x0: 0, y0: 0)
        case .clockwise90: return Affine(xx: 0, yx: s, xy: -s, yy: 0, x0: w, y0: 0)
        case .upsideDown: return Affine(xx: -s, yx: 0, xy: 0, yy: -s, x0: w, y0: h)
        case .counterClockwise90: return Affine(xx: 0, yx: -s, xy: s, yy: 0, x0: 0, y0: h)
        }
    }

    /// Maps buffer pixels back to a point in the upright picture: the inverse of `matrix`.
    func logicalPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        matrix.inverted.apply(x, y)
    }

    /// Where a touch or pointer at buffer pixel (`x`, `y`) lands on the upright
    /// picture, in points: what `HUDStack.pointerDown(at:)` and the button frames use.
    public func hudPoint(deviceX x: Double, deviceY y: Double) -> HUDPoint {
        let p = logicalPoint(x: x, y: y)
        return HUDPoint(x: p.x, y: p.y)
    }

    /// Rounds a length in points so it spans whole device pixels.
    func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }
}
