internal import CPixman
import Glibc

/// A Gaussian blur by pixman's separable-convolution filter
/// (`PIXMAN_FILTER_SEPARABLE_CONVOLUTION`, one table per axis, no scaling),
/// on pixman images over the two Cairo images' memory (Cairo has no blur;
/// pixman is loaded with it). Pixman multiplies the two tables into a full
/// 2-D kernel per pixel, so this is only for small images; `hud-bench`
/// compares it with `BoxBlur`.
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
        source.flush()
        let from = try pixmanImage(over: source), to = try pixmanImage(over: target)
        defer {
            _ = pixman_image_unref(from)
            _ = pixman_image_unref(to)
        }
        _ = pixman_image_set_filter(from, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, Int32(params.count))
        pixman_image_set_repeat(from, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, from, nil, to, 0, 0, 0, 0, 0, 0, Int32(target.width), Int32(target.height))
        target.markDirty()
        return target
    }

    /// A pixman image over `image`'s memory (`pixman_image_create_bits`).
    private static func pixmanImage(over image: CairoImage) throws(RenderError) -> OpaquePointer {
        let code: pixman_format_code_t
        switch image.format {
        case .argb32: code = PIXMAN_a8r8g8b8
        case .rgb24: code = PIXMAN_x8r8g8b8
        case .rgb565: code = PIXMAN_r5g6b5
        case .a8: code = PIXMAN_a8
        }
        guard let p = pixman_image_create_bits(code, Int32(image.width), Int32(image.height),
                                               image.data.assumingMemoryBound(to: UInt32.self), Int32(image.stride)) else {
            throw .cairo("pixman_image_create_bits failed for a \(image.width)×\(image.height) image")
        }
        return p
    }
}
