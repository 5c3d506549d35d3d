import CDRM
import HUDCore
import HUDFrames
import HUDSystem

/// Presents a `KMSOutput`'s buffers with the legacy API (kmscube's
/// `drm-legacy.c`): `drmModeSetCrtc` sets the mode (synchronous: the buffer
/// is on screen when it returns), then `drmModePageFlip` per frame, whose
/// completion comes as a page-flip event.
final class LegacyScanout: KMSScanout {
    let output: KMSOutput
    let flips: PageFlipEvents

    init(output: KMSOutput, events: CardEventWatch) {
        self.output = output
        flips = PageFlipEvents(watch: events)
    }

    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        let fb = output.buffers[index].framebuffer
        let choice = output.choice
        if output.needsModeset {
            try output.card.setCRTC(choice.crtc, framebuffer: fb, connector: choice.connector.id, mode: choice.mode)
            output.needsModeset = false
            output.front = index
            return .onScreen
        }
        try output.card.pageFlip(choice.crtc, framebuffer: fb, sink: flips.sink)
        output.front = index
        flips.submitted()
        return .pending
    }
}
