#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDRender

/// Draws a stack's HUDs over an app's own frames of one size, scale and
/// rotation (`kh_stack_draw`).
///
/// The app's pixels are kept in an upright `ContentPicture`, so the blur
/// under a bezel shows them: each frame's rows are compared with a copy of
/// the previous frame's, and only rows that differ are taken again (a static
/// picture costs a comparison, and its blur is made once). Then the HUDs'
/// covered region is drawn over the app's buffer.
final class FrameCompositor {
    let geometry: ScreenGeometry
    private let renderer: HUDRenderer
    private let picture: ContentPicture
    /// The app's previous frame as it handed it (device orientation), rows of `width` pixels.
    private var previous: [UInt32]
    /// Where the last draw put HUDs: the app must flush these again when they go.
    private var lastCovered: [PixelRect] = []
    /// What the renderer reported and nobody has read yet (a missing image, no fonts).
    var problems: [String] = []

    init(geometry: ScreenGeometry, style: HUDRenderStyle) throws(RenderError) {
        self.geometry = geometry
        let swaps = geometry.rotation.swapsAxes
        picture = try ContentPicture(width: swaps ? geometry.pixelHeight : geometry.pixelWidth,
                                     height: swaps ? geometry.pixelWidth : geometry.pixelHeight)
        renderer = HUDRenderer(geometry: geometry, style: style)
        renderer.setContent(picture)
        // Never equal to a real frame's first comparison: everything is taken the first time.
        previous = []
    }

    func setStyle(_ style: HUDRenderStyle) { renderer.setStyle(style) }

    /// Where each drawn HUD's button is, in points (`HUDStack.setButtonFrames`).
    var buttonFrames: [Int: HUDRect] { renderer.buttonFrames() }

    /// Takes the app's picture from `buffer`, draws `snapshot`'s HUDs over
    /// it and answers where the buffer differs from the app's picture now
    /// or did after the previous draw.
    func draw(_ snapshot: HUDSnapshot, into buffer: PixelBuffer) throws(RenderError) -> [PixelRect] {
        takePicture(from: buffer)
        let update = renderer.update(to: snapshot)
        problems += update.problems.map { "\($0)" }
        let covered = renderer.coveredRegion()
        if !covered.isEmpty {
            // Cairo (the app's picture is composed with it), loaded by the first frame with a HUD.
            if !HUDRenderer.isGraphicsLibraryLoaded, let missing = HUDRenderer.tryLoadGraphicsLibraries() {
                throw RenderError.badBuffer("cannot draw over the app's picture: \(missing)")
            }
            // The region gets the picture (the app's own pixels) and the HUDs over it.
            try renderer.draw(into: buffer, region: covered)
        }
        var changed = DamageRegion(lastCovered)
        changed.formUnion(covered)
        lastCovered = covered.rects
        return changed.rects
    }

    /// Copies the rows of `buffer` that differ from the previous frame into
    /// the picture (turned upright), recording them as its changes.
    private func takePicture(from buffer: PixelBuffer) {
        let width = buffer.width, height = buffer.height
        let first = previous.isEmpty
        if first { previous = [UInt32](repeating: 0, count: width * height) }
        var bands: [(start: Int, end: Int)] = []
        previous.withUnsafeMutableBufferPointer { old in
            for y in 0..<height {
                let row = buffer.base + y * buffer.stride
                let kept = old.baseAddress! + y * width
                guard first || memcmp(row, kept, width * 4) != 0 else { continue }
                memcpy(kept, row, width * 4)
                if let last = bands.last, last.end == y {
                    bands[bands.count - 1].end = y + 1
                } else {
                    bands.append((y, y + 1))
                }
            }
        }
        guard !bands.isEmpty else { return }
        let target = picture.pixels
        let rotation = geometry.rotation
        picture.draw { _ in
            var rects: [PixelRect] = []
            previous.withUnsafeBufferPointer { source in
                for band in bands {
                    for y in band.start..<band.end {
                        for x in 0..<width {
                            let (u, v) = Self.upright(x: x, y: y, width: width, height: height, rotation)
                            target.base.storeBytes(of: source[y * width + x] | 0xFF00_0000,
                                                   toByteOffset: v * target.stride + u * 4, as: UInt32.self)
                        }
                    }
                    rects.append(Self.uprightRect(PixelRect(x: 0, y: band.start, width: width, height: band.end - band.start),
                                                  width: width, height: height, rotation))
                }
            }
            return rects
        }
    }

    /// Where device pixel (x, y) of a `width`×`height` buffer is on the upright picture.
    static func upright(x: Int, y: Int, width: Int, height: Int, _ rotation: ScreenRotation) -> (Int, Int) {
        switch rotation {
        case .none: (x, y)
        case .clockwise90: (y, width - 1 - x)
        case .upsideDown: (width - 1 - x, height - 1 - y)
        case .counterClockwise90: (height - 1 - y, x)
        }
    }

    /// A device rectangle on the upright picture.
    static func uprightRect(_ r: PixelRect, width: Int, height: Int, _ rotation: ScreenRotation) -> PixelRect {
        let a = upright(x: r.x, y: r.y, width: width, height: height, rotation)
        let b = upright(x: r.maxX - 1, y: r.maxY - 1, width: width, height: height, rotation)
        return PixelRect(x: min(a.0, b.0), y: min(a.1, b.1), width: abs(a.0 - b.0) + 1, height: abs(a.1 - b.1) + 1)
    }
}
