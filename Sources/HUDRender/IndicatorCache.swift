import HUDCore

/// The screen pixels under one dynamic indicator box with everything but
/// that indicator drawn, plus the composed spinner frames: a spinner step is
/// then a copy of a few rows.
final class IndicatorCache {
    let layerID: Int
    let rect: PixelRect
    let generation: Int
    let format: CairoImage.Format
    let background: CairoImage
    var spinnerFrames: [CairoImage?]

    init(layerID: Int, rect: PixelRect, generation: Int, format: CairoImage.Format, background: CairoImage, steps: Int) {
        self.layerID = layerID
        self.rect = rect
        self.generation = generation
        self.format = format
        self.background = background
        spinnerFrames = Array(repeating: nil, count: steps)
    }
}
