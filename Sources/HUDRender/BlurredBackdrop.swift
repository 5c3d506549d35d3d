import HUDCore

/// The blurred copy of what lies under a bezel: `source` (device pixels)
/// downscaled by `factor` and box-blurred, drawn back scaled up with
/// bilinear filtering.
final class BlurredBackdrop {
    let key: BlurKey
    let source: PixelRect
    let image: CairoImage
    let factor: Int

    init(key: BlurKey, source: PixelRect, image: CairoImage, factor: Int) {
        self.key = key
        self.source = source
        self.image = image
        self.factor = factor
    }

    /// Where the blurred image lands: its pixels → device pixels.
    var placement: Affine {
        Affine.translation(Double(source.x), Double(source.y)).after(.scaling(Double(factor)))
    }
}
