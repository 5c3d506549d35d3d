internal import CCairo
import HUDCore

extension PixelFormat {
    var cairoFormat: cairo_format_t {
        switch self {
        case .xrgb8888: return CAIRO_FORMAT_RGB24
        case .argb8888: return CAIRO_FORMAT_ARGB32
        case .rgb565: return CAIRO_FORMAT_RGB16_565
        }
    }
}
