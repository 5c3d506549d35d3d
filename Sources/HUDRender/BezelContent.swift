/// A bezel's labels and static indicator (check, cross, image) on a
/// transparent image the bezel's size.
final class BezelContent {
    let key: BezelKey
    let image: CairoImage

    init(key: BezelKey, image: CairoImage) {
        self.key = key
        self.image = image
    }
}
