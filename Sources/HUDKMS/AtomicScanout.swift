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
    private let request: AtomicRequest
    private let plane: PlaneID
    private var modeBlob = BlobID.none
    private let planeIDs: PlaneProperties
    private let connectorCRTC: PropertyID, crtcMode: PropertyID, crtcActive: PropertyID
    /// Frames read back through a writeback connector (tests).
    var capture: WritebackCapture?

    /// Looks up the properties and test-commits the first configuration.
    /// - Throws: `SystemError` when a property is missing or the driver
    ///   refuses the TEST_ONLY commit (then the output goes legacy).
    init(output: KMSOutput, events: CardEventWatch) throws(SystemError) {
        guard let plane = output.choice.plane else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: output.card.path, detail: "no primary plane listed")
        }
        let card = output.card
        let c = try card.properties(of: output.choice.connector.id)
        let r = try card.properties(of: output.choice.crtc)
        connectorCRTC = try PlaneProperties.id(c, "CRTC_ID", card)
        crtcMode = try PlaneProperties.id(r, "MODE_ID", card)
        crtcActive = try PlaneProperties.id(r, "ACTIVE", card)
        planeIDs = try PlaneProperties(card: card, plane: plane)
        self.output = output
        self.plane = plane
        request = try AtomicRequest()
        flips = PageFlipEvents(watch: events)
        // TEST_ONLY first: a driver that takes the cap but not our configuration goes legacy.
        do {
            try fillModeset(framebuffer: output.buffers[0].framebuffer)
            try card.commit(request, flags: [.testOnly, .allowModeset])
        } catch {
            throw SystemError(call: error.call, subject: error.subject, errno: error.errno,
                              detail: "TEST_ONLY commit failed" + (error.detail.isEmpty ? "" : ": \(error.detail)"))
        }
    }

    deinit {
        if modeBlob != .none { output.card.destroyBlob(modeBlob) }
    }

    private func fillModeset(framebuffer fb: FramebufferID) throws(SystemError) {
        let choice = output.choice
        if modeBlob == .none { modeBlob = try output.card.createModeBlob(choice.mode) }
        request.clear()
        try request.set(choice.connector.id, connectorCRTC, to: UInt64(choice.crtc.rawValue))
        try request.set(choice.crtc, crtcMode, to: UInt64(modeBlob.rawValue))
        try request.set(choice.crtc, crtcActive, to: 1)
        for other in output.connectorsToDetach { try request.set(other.connector, other.crtcProperty, to: 0) }
        try planeIDs.fill(request, plane: plane, framebuffer: fb, crtc: choice.crtc, mode: choice.mode)
    }

    /// `drmModeAtomicCommit(NONBLOCK | PAGE_FLIP_EVENT)`, with `ALLOW_MODESET` when the mode must be set.
    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        let fb = output.buffers[index].framebuffer
        var flags: AtomicCommitFlags = [.nonblocking, .pageFlipEvent]
        if output.needsModeset {
            try fillModeset(framebuffer: fb)
            flags.insert(.allowModeset)
        } else {
            request.clear()
            try request.set(plane, planeIDs.fb, to: UInt64(fb.rawValue))
        }
        let capturing = try capture?.attach(to: request) ?? false
        do {
            try output.card.commit(request, flags: flags, sink: flips.sink)
        } catch {
            if capturing { capture?.commitFailed(error) }
            throw error
        }
        if capturing { capture?.committed() }
        output.needsModeset = false
        output.front = index
        flips.submitted()
        return .pending
    }
}
