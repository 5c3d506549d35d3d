/// Where `kh_layer_frame`'s fields are (kioskhud.h; Tests/CAPI/layer.c checks
/// these offsets with `offsetof`). Every field but the pointer is 4 bytes, the
/// pointer last, so the offsets are the same with 4- and 8-byte pointers.
enum LayerFrameLayout {
    static let width = 0, height = 4, stride = 8, format = 12
    static let extent = 16
    static let rectCount = 32, bezelCount = 36
    static let rects = 40
    static let maxRects = 8
    static let rectSize = 16
    static let bezels = 168
    static let maxBezels = 8
    /// kh_bezel: a kh_rect, then float corner_radius, float opacity.
    static let bezelSize = 24
    static let nextFrameMilliseconds = 360
    static let frameNumber = 364
    static let pixels = 368
}
