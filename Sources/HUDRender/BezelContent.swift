/// A bezel's labels and static indicator (check, cross, image) on a
/// transparent image the bezel's size.
final class BezelContent {
    let key: BezelKey
    let image: PixmanImage

    init(key: BezelKey, image: PixmanImage) {
        self.key = key
        self.image = image
    }
}
