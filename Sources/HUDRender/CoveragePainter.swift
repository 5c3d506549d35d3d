import HUDCore

/// Fills and anti-aliased shapes straight into a `PixelBuffer`, in pure
/// Swift: what the first frames are drawn with while Cairo and Pango are
/// still loading (they are not mapped at start; see `HUDRenderer.drawWithoutCairo`).
///
/// Shapes are given in points on the upright picture (as Cairo is given them
/// through `ScreenGeometry`'s matrix); each device pixel's centre is mapped
/// back and its coverage is 0.5 minus the signed distance in pixels, clamped.
struct CoveragePainter {
    let buffer: PixelBuffer
    let geometry: ScreenGeometry

    /// Paints `rect` (device pixels) with the opaque colour `color`.
    func fill(_ rect: PixelRect, _ color: HUDColor) {
        let r = rect.intersection(geometry.bounds)
        guard !r.isEmpty else { return }
        let word = pack(red: color.red * 255, green: color.green * 255, blue: color.blue * 255)
        for y in r.y..<(r.y + r.height) {
            let row = buffer.base + y * buffer.stride
            if buffer.format == .rgb565 {
                row.assumingMemoryBound(to: UInt16.self).advanced(by: r.x).update(repeating: UInt16(word), count: r.width)
            } else {
                row.assumingMemoryBound(to: UInt32.self).advanced(by: r.x).update(repeating: word, count: r.width)
            }
        }
    }

    /// Blends `color` (its alpha times `alpha`) over the pixels of `rect`
    /// where `shape` covers them. With `zoom` ≠ 1 the shape is scaled about `center`.
    func composite(_ shape: ShapeDistance, in rect: PixelRect, color: HUDColor, alpha: Double,
                   zoom: Double = 1, center: (x: Double, y: Double) = (0, 0)) {
        var r = rect.intersection(geometry.bounds)
        if let b = shape.bounds {
            // The shape's box (zoomed about `center`), one pixel wider for anti-aliasing.
            let zoomed = geometry.deviceRect(x: center.x + (b.x - center.x) * zoom, y: center.y + (b.y - center.y) * zoom,
                                             width: b.width * zoom, height: b.height * zoom)
            r = r.intersection(zoomed.insetBy(-1))
        }
        let a = color.alpha * alpha
        guard !r.isEmpty, a > 0, zoom > 0 else { return }
        let pixelsPerUnit = geometry.scale * zoom
        let sr = color.red * 255, sg = color.green * 255, sb = color.blue * 255
        // The map is affine: the centre of pixel (0, 0) and one step along x and along y.
        let o = geometry.logicalPoint(x: 0.5, y: 0.5)
        let ox = geometry.logicalPoint(x: 1.5, y: 0.5), oy = geometry.logicalPoint(x: 0.5, y: 1.5)
        let ex = (x: ox.x - o.x, y: ox.y - o.y), ey = (x: oy.x - o.x, y: oy.y - o.y)
        // Pixels a whole device pixel inside `interior` are fully covered: no
        // distance to evaluate, and the blend of one colour over the pixel
        // below is worked out once per distinct pixel below (a bezel over a
        // plain screen: once).
        var inner = PixelRect.empty
        if zoom == 1, let i = shape.interior {
            let pad = 1 / geometry.scale
            if i.width > 2 * pad, i.height > 2 * pad {
                inner = geometry.deviceRect(x: i.x + pad, y: i.y + pad, width: i.width - 2 * pad, height: i.height - 2 * pad)
                    .insetBy(1).intersection(r)
            }
        }
        var below: UInt32?, blended: UInt32 = 0
        for y in r.y..<(r.y + r.height) {
            let rowInside = !inner.isEmpty && y >= inner.y && y < inner.y + inner.height
            for x in r.x..<(r.x + r.width) {
                if rowInside, x >= inner.x, x < inner.x + inner.width {
                    let word = readWord(x, y)
                    if word != below {
                        below = word
                        let old = read(x, y)
                        blended = pack(red: sr * a + old.red * (1 - a), green: sg * a + old.green * (1 - a),
                                       blue: sb * a + old.blue * (1 - a))
                    }
                    write(x, y, blended)
                    continue
                }
                let fx = Double(x), fy = Double(y)
                var px = o.x + fx * ex.x + fy * ey.x, py = o.y + fx * ex.y + fy * ey.y
                if zoom != 1 {
                    px = center.x + (px - center.x) / zoom
                    py = center.y + (py - center.y) / zoom
                }
                let coverage = min(max(0.5 - shape.distance(px, py) * pixelsPerUnit, 0), 1)
                guard coverage > 0 else { continue }
                let k = a * coverage
                let old = read(x, y)
                write(x, y, pack(red: sr * k + old.red * (1 - k), green: sg * k + old.green * (1 - k),
                                 blue: sb * k + old.blue * (1 - k)))
            }
        }
    }

    private func pack(red: Double, green: Double, blue: Double) -> UInt32 {
        let r = UInt32(min(max(red.rounded(), 0), 255)), g = UInt32(min(max(green.rounded(), 0), 255))
        let b = UInt32(min(max(blue.rounded(), 0), 255))
        if buffer.format == .rgb565 { return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3 }
        return 0xFF00_0000 | r << 16 | g << 8 | b
    }

    private func read(_ x: Int, _ y: Int) -> (red: Double, green: Double, blue: Double) {
        let c = buffer.rgb(x: x, y: y)
        return (Double(c.red), Double(c.green), Double(c.blue))
    }

    /// The pixel as stored (XRGB8888 word, or RGB565 in the low half).
    private func readWord(_ x: Int, _ y: Int) -> UInt32 {
        if buffer.format == .rgb565 {
            return UInt32(buffer.base.load(fromByteOffset: y * buffer.stride + x * 2, as: UInt16.self))
        }
        return buffer.base.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
    }

    private func write(_ x: Int, _ y: Int, _ word: UInt32) {
        if buffer.format == .rgb565 {
            buffer.base.storeBytes(of: UInt16(word), toByteOffset: y * buffer.stride + x * 2, as: UInt16.self)
        } else {
            buffer.base.storeBytes(of: word, toByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
        }
    }
}
