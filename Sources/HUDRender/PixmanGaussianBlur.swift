internal import CPixman
import Glibc

/// A Gaussian blur by pixman's separable-convolution filter
/// (`PIXMAN_FILTER_SEPARABLE_CONVOLUTION`, one table per axis, no scaling).
/// Pixman multiplies the two tables into a full 2-D kernel per pixel, so
/// this is only for small images; `hud-bench` compares it with `BoxBlur`.
enum PixmanGaussianBlur {
    static func blur(_ source: PixmanImage, sigma: Double) throws(RenderError) -> PixmanImage {
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

        let target = try PixmanImage(format: source.format, width: source.width, height: source.height)
        _ = pixman_image_set_filter(source.image, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, Int32(params.count))
        pixman_image_set_repeat(source.image, PIXMAN_REPEAT_PAD)
        defer {
            _ = pixman_image_set_filter(source.image, PIXMAN_FILTER_NEAREST, nil, 0)
            pixman_image_set_repeat(source.image, PIXMAN_REPEAT_NONE)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, source.image, nil, target.image, 0, 0, 0, 0, 0, 0,
                                 Int32(target.width), Int32(target.height))
        return target
    }
}
