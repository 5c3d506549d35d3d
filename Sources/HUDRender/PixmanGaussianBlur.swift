internal import CCairo
internal import CPixman
import Glibc

/// A Gaussian blur by pixman's separable-convolution filter
/// (`PIXMAN_FILTER_SEPARABLE_CONVOLUTION`, one table per axis, no scaling).
/// Pixman multiplies the two tables into a full 2-D kernel per pixel, so
/// this is only for small images; `hud-bench` compares it with `BoxBlur`.
enum PixmanGaussianBlur {
    static func blur(_ source: CairoImage, sigma: Double) throws(RenderError) -> CairoImage {
        guard sigma > 0.1 else { return source }
        let radius = min(64, Int((3 * sigma).rounded(.up)))
        let width = 2 * radius + 1
        var taps = (0..<width).map { i -> Double in
            let x = Double(i - radius)
            return exp(-x * x / (2 * sigma * sigma))
        }
        let sum = taps.reduce(0, +)
        taps = taps.map { $0 / sum }
        var params: [pixman_fixed_t] = [kiosk_pixman_double_to_fixed(Double(width)), kiosk_pixman_double_to_fixed(Double(width)), 0, 0]
        params += taps.map(kiosk_pixman_double_to_fixed)
        params += taps.map(kiosk_pixman_double_to_fixed)

        let target = try CairoImage(format: source.format, width: source.width, height: source.height)
        cairo_surface_flush(source.surface)
        let format = source.format == CAIRO_FORMAT_ARGB32 ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        guard let src = pixman_image_create_bits(format, Int32(source.width), Int32(source.height),
                                                 source.data.assumingMemoryBound(to: UInt32.self), Int32(source.stride)),
              let dst = pixman_image_create_bits(format, Int32(target.width), Int32(target.height),
                                                 target.data.assumingMemoryBound(to: UInt32.self), Int32(target.stride)) else {
            throw .cairo("pixman_image_create_bits failed for a \(source.width)×\(source.height) blur")
        }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        _ = pixman_image_set_filter(src, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, Int32(params.count))
        pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, Int32(target.width), Int32(target.height))
        cairo_surface_mark_dirty(target.surface)
        return target
    }
}
