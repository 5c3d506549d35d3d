import HUDRender

/// A `HUDScreen`'s app picture: made at the first output's upright size
/// when that output is lit (the first `draw` runs then), and the same
/// picture for every output after it. Used on the loop only (the daemon's
/// PNG output makes its own).
public final class ContentLayer {
    private let content: ScreenContent
    private(set) var picture: ContentPicture?

    public init(_ content: ScreenContent) {
        self.content = content
    }

    /// The picture, made the first time at the content's own size, else at
    /// `width`×`height` (the first output's upright pixels).
    public func picture(width: Int, height: Int) throws(RenderError) -> ContentPicture {
        if let picture { return picture }
        let size = content.size ?? (width, height)
        let made = try ContentPicture(width: size.width, height: size.height)
        made.draw { canvas in
            content.draw(&canvas)
            return [canvas.bounds]
        }
        picture = made
        return made
    }
}
