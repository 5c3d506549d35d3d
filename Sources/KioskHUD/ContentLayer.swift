import HUDRender

/// A `HUDScreen`'s app picture: made at the first output's upright size
/// when that output is lit (the first `draw` runs then), and the same
/// picture for every output after it. Used on the loop only.
final class ContentLayer {
    private let content: ScreenContent
    private(set) var picture: ContentPicture?

    init(_ content: ScreenContent) {
        self.content = content
    }

    /// The picture, made at `width`×`height` (upright pixels) the first time.
    func picture(width: Int, height: Int) throws(RenderError) -> ContentPicture {
        if let picture { return picture }
        let made = try ContentPicture(width: width, height: height)
        made.draw { canvas in
            content.draw(&canvas)
            return [canvas.bounds]
        }
        picture = made
        return made
    }
}
