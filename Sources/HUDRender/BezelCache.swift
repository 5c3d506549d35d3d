/// A bezel drawn once at scale 1 and alpha 1 (blurred backdrop, tint,
/// labels, static indicator), composited each frame.
final class BezelCache {
    let key: BezelKey
    let blurKey: BlurKey?
    let image: CairoImage

    init(key: BezelKey, blurKey: BlurKey?, image: CairoImage) {
        self.key = key
        self.blurKey = blurKey
        self.image = image
    }
}
