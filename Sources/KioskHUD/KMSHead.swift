import HUDCore
import HUDFrames
import HUDKMS
import HUDRender

/// One lit connector of a `KMSScreen`: its buffers (`KMSOutput`), presented
/// by its atomic or legacy scanout, its own renderer and damage tracker
/// (`RendererPainter`, at this output's resolution) and its own `FrameLoop`,
/// all fed from the one `HUDStack`. Heads pace and fail independently: an error on
/// one never holds up another.
final class KMSHead {
    let output: KMSOutput
    let painter: RendererPainter
    let frames: FrameLoop
    /// How the picture is turned for the panel, and its device pixels per point.
    let rotation: ScreenRotation
    let scale: Double
    /// Reads composed frames back (`HUDScreen.Options.writebackCapture`).
    var capture: WritebackCapture?

    var name: String { output.choice.connector.name }
    var summary: String {
        "\(output.card.path) \(name) \(output.mode) \(output.usesAtomic ? "atomic" : "legacy")"
            + (output.panelOrientation == .normal ? "" : " panel \(output.panelOrientation)")
            + (composition.map { ", HUD \($0)" } ?? "")
    }

    /// `overlay plane N` or `composed` over the app's picture; nil without one.
    var composition: String? {
        guard painter.drawsWithoutHUDs else { return nil }
        return output.overlayPlane.map { "on overlay plane \($0)" } ?? "composed"
    }

    var report: ScreenHeadReport {
        ScreenHeadReport(name: name, device: output.card.path, mode: "\(output.mode)",
                         uprightSize: rotation.swapsAxes ? (output.mode.height, output.mode.width) : (output.mode.width, output.mode.height),
                         api: output.usesAtomic ? "atomic" : "legacy",
                         legacyReason: output.legacyReason, hasVBlank: output.hasVBlank, frameInterval: frames.frameInterval,
                         statistics: frames.statistics, layout: painter.lastLayoutRects,
                         lastFrameWithoutCairo: painter.lastFrameWithoutCairo,
                         drawsWithoutGraphicsLibraries: painter.drawsWithoutGraphicsLibraries,
                         composition: composition.map { $0.hasPrefix("on ") ? String($0.dropFirst(3)) : $0 },
                         compositionReason: composition == "composed" ? output.compositionReason ?? "overlay plane not allowed" : nil)
    }

    init(output: KMSOutput, painter: RendererPainter, frames: FrameLoop, rotation: ScreenRotation, scale: Double) {
        self.output = output
        self.rotation = rotation
        self.scale = scale
        self.painter = painter
        self.frames = frames
    }
}
