import CDRM
import HUDCore
import HUDFrames
import HUDSystem

/// Presents a `KMSOutput`'s buffers with atomic commits (kmscube's
/// `drm-atomic.c`): a nonblocking commit of the plane's `FB_ID` per frame,
/// the whole configuration (mode blob, `ACTIVE`, the plane's source and
/// destination) with `ALLOW_MODESET` the first time and after the console
/// had the CRTC. Completion comes as a page-flip event.
final class AtomicScanout: KMSScanout {
    let output: KMSOutput
    let flips: PageFlipEvents
    let modeset: CRTCModeset
    private let plane: PlaneID
    private let planeIDs: PlaneProperties

    /// Looks up the properties and test-commits the first configuration.
    /// - Throws: `SystemError` when a property is missing or the driver
    ///   refuses the TEST_ONLY commit (then the output goes legacy).
    init(output: KMSOutput, events: CardEventWatch) throws(SystemError) {
        guard let plane = output.choice.plane else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: output.card.path, detail: "no primary plane listed")
        }
        let card = output.card
        modeset = try CRTCModeset(output: output)
        planeIDs = try PlaneProperties(card: card, plane: plane)
        self.output = output
        self.plane = plane
        flips = PageFlipEvents(watch: events)
        // TEST_ONLY first: a driver that takes the cap but not our configuration goes legacy.
        do {
            try fillModeset(framebuffer: output.buffers[0].framebuffer)
            try card.commit(modeset.request, flags: [.testOnly, .allowModeset])
        } catch {
            throw SystemError(call: error.call, subject: error.subject, errno: error.errno,
                              detail: "TEST_ONLY commit failed" + (error.detail.isEmpty ? "" : ": \(error.detail)"))
        }
    }

    private func fillModeset(framebuffer fb: FramebufferID) throws(SystemError) {
        let choice = output.choice
        try modeset.fillModeset()
        try planeIDs.fill(modeset.request, plane: plane, framebuffer: fb, crtc: choice.crtc, mode: choice.mode)
    }

    /// `drmModeAtomicCommit(NONBLOCK | PAGE_FLIP_EVENT)`, with `ALLOW_MODESET` when the mode must be set.
    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        let fb = output.buffers[index].framebuffer
        var flags: AtomicCommitFlags = [.nonblocking, .pageFlipEvent]
        if output.needsModeset {
            try fillModeset(framebuffer: fb)
            flags.insert(.allowModeset)
        } else {
            modeset.request.clear()
            try modeset.request.set(plane, planeIDs.fb, to: UInt64(fb.rawValue))
        }
        try modeset.commit(flags: flags, sink: flips.sink)
        output.needsModeset = false
        output.front = index
        flips.submitted()
        return .pending
    }
}
