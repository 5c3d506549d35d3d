import HUDCore
import HUDText

/// Fills and anti-aliased shapes straight into a `PixelBuffer`, in pure
/// Swift: what frames are drawn with whenever they need nothing only Cairo
/// does (see `HUDRenderer.drawWithoutCairo`), so Cairo is not even mapped.
///
/// Shapes are given in points on the upright picture (as `Canvas` is given them
/// through `ScreenGeometry`'s matrix); each device pixel's centre is mapped
/// back and its coverage is 0.5 minus the signed distance in pixels, clamped.
struct CoveragePainter {
    let buffer: PixelBuffer
    let geometry: ScreenGeometry

    /// Paints `rect` (device pixels) with the opaque colour `color`, leaving
    /// the pixels of `hole` as they are.
    func fill(_ rect: PixelRect, _ color: HUDColor, except hole: PixelRect? = nil) {
        let r = rect.intersection(geometry.bounds)
        guard !r.isEmpty else { return }
        let h = hole?.intersection(r) ?? .empty
        let word = pack(red: color.red * 255, green: color.green * 255, blue: color.blue * 255)
        func span(_ y: Int, _ x0: Int, _ x1: Int) {
            guard x1 > x0 else { return }
            let row = buffer.base + y * buffer.stride
            if buffer.format == .rgb565 {
                row.assumingMemoryBound(to: UInt16.self).advanced(by: x0).update(repeating: UInt16(word), count: x1 - x0)
            } else {
                row.assumingMemoryBound(to: UInt32.self).advanced(by: x0).update(repeating: word, count: x1 - x0)
            }
        }
        for y in r.y..<(r.y + r.height) {
            if !h.isEmpty, y >= h.y, y < h.y + h.height {
                span(y, r.x, h.x)
                span(y, h.x + h.width, r.x + r.width)
            } else {
                span(y, r.x, r.x + r.width)
            }
        }
    }

    /// Copies `image` (premultiplied ARGB, its top-left corner at `origin` in
    /// points) over the opaque colour `background` into the device pixels
    /// `rect`, sampling the image pixel under each device pixel's centre,
    /// with pixman's 8-bit OVER (as `Canvas` composites it), then `dimming` over
    /// it. Exact where image pixels map one to one onto device pixels.
    func draw(_ image: DecodedImage, at origin: (x: Double, y: Double), in rect: PixelRect,
              over background: HUDColor, dimming: HUDColor?) {
        let r = rect.intersection(geometry.bounds)
        guard !r.isEmpty else { return }
        func eight(_ v: Double) -> UInt32 { UInt32(min(max((v * 255).rounded(), 0), 255)) }
        let bg = (eight(background.red), eight(background.green), eight(background.blue))
        // pixman's MUL_UN8: x * a / 255, rounded.
        func mul(_ x: UInt32, _ a: UInt32) -> UInt32 {
            let t = x * a + 0x80
            return (t + (t >> 8)) >> 8
        }
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) {
                let p = geometry.logicalPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let sx = Int((p.x - origin.x).rounded(.down)), sy = Int((p.y - origin.y).rounded(.down))
                let s: UInt32 = sx >= 0 && sy >= 0 && sx < image.width && sy < image.height ? image[sx, sy] : 0
                let ia = 255 - s >> 24
                var red = Double(min(s >> 16 & 0xFF + mul(bg.0, ia), 255))
                var green = Double(min(s >> 8 & 0xFF + mul(bg.1, ia), 255))
                var blue = Double(min(s & 0xFF + mul(bg.2, ia), 255))
                if let d = dimming {
                    red = red * (1 - d.alpha) + d.red * 255 * d.alpha
                    green = green * (1 - d.alpha) + d.green * 255 * d.alpha
                    blue = blue * (1 - d.alpha) + d.blue * 255 * d.alpha
                }
                write(x, y, pack(red: red, green: green, blue: blue))
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

    /// Blends `color` (its alpha times `alpha`) over the pixels of `rect` by
    /// a label's coverage `mask`, whose block has its top-left corner at
    /// `origin` (points, on a whole device pixel: `TextBlock.origin`). With
    /// `zoom` ≠ 1 the label is scaled about `center`, sampled bilinearly (as
    /// `Canvas` samples the zoomed bezel image).
    func composite(_ mask: TextMask, origin: (x: Double, y: Double), in rect: PixelRect, color: HUDColor, alpha: Double,
                   zoom: Double = 1, center: (x: Double, y: Double) = (0, 0)) {
        let s = geometry.scale, pad = Double(mask.padding)
        // The mask's box in points (zoomed about `center`), one pixel wider.
        let bx = origin.x - pad / s, by = origin.y - pad / s
        let bw = Double(mask.width) / s, bh = Double(mask.height) / s
        let box = geometry.deviceRect(x: center.x + (bx - center.x) * zoom, y: center.y + (by - center.y) * zoom,
                                      width: bw * zoom, height: bh * zoom).insetBy(-1)
        let r = rect.intersection(geometry.bounds).intersection(box)
        let a = color.alpha * alpha
        guard !r.isEmpty, a > 0, zoom > 0 else { return }
        let sr = color.red * 255, sg = color.green * 255, sb = color.blue * 255
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) {
                var p = geometry.logicalPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let c: Double
                if zoom != 1 {
                    p = (center.x + (p.x - center.x) / zoom, center.y + (p.y - center.y) / zoom)
                    let u = (p.x - bx) * s - 0.5, v = (p.y - by) * s - 0.5
                    let u0 = u.rounded(.down), v0 = v.rounded(.down)
                    let fu = u - u0, fv = v - v0, i = Int(u0), j = Int(v0)
                    let top = Double(mask[i, j]) * (1 - fu) + Double(mask[i + 1, j]) * fu
                    let bottom = Double(mask[i, j + 1]) * (1 - fu) + Double(mask[i + 1, j + 1]) * fu
                    c = top * (1 - fv) + bottom * fv
                } else {
                    c = Double(mask[Int(((p.x - bx) * s).rounded(.down)), Int(((p.y - by) * s).rounded(.down))])
                }
                guard c > 0 else { continue }
                let k = a * c / 255
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
