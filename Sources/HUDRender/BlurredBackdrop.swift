/// The blurred copy of what lies under a bezel: a downscaled, box-blurred
/// image of `source`, drawn back scaled up by `factor` with bilinear filtering.
final class BlurredBackdrop {
    let key: BlurKey
    let image: CairoImage
    let factor: Int

    init(key: BlurKey, image: CairoImage, factor: Int) {
        self.key = key
        self.image = image
        self.factor = factor
    }
}
