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
    private let ids: PropertyIDs

    /// The properties one commit sets.
    private struct PropertyIDs {
        var connectorCRTC: PropertyID
        var crtcMode: PropertyID, crtcActive: PropertyID
        var fb: PropertyID, crtc: PropertyID, srcX: PropertyID, srcY: PropertyID, srcW: PropertyID, srcH: PropertyID
        var crtcX: PropertyID, crtcY: PropertyID, crtcW: PropertyID, crtcH: PropertyID
    }

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
        let p = try card.properties(of: plane)
        func id(_ props: [String: DRMCard.Property], _ name: String) throws(SystemError) -> PropertyID {
            guard let v = props[name] else {
                throw SystemError(call: "drmModeObjectGetProperties", subject: card.path, detail: "no property \(name)")
            }
            return v.id
        }
        ids = PropertyIDs(connectorCRTC: try id(c, "CRTC_ID"), crtcMode: try id(r, "MODE_ID"), crtcActive: try id(r, "ACTIVE"),
                          fb: try id(p, "FB_ID"), crtc: try id(p, "CRTC_ID"),
                          srcX: try id(p, "SRC_X"), srcY: try id(p, "SRC_Y"), srcW: try id(p, "SRC_W"), srcH: try id(p, "SRC_H"),
                          crtcX: try id(p, "CRTC_X"), crtcY: try id(p, "CRTC_Y"), crtcW: try id(p, "CRTC_W"), crtcH: try id(p, "CRTC_H"))
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
        let w = UInt64(choice.mode.width), h = UInt64(choice.mode.height)
        request.clear()
        try request.set(choice.connector.id, ids.connectorCRTC, to: UInt64(choice.crtc.rawValue))
        try request.set(choice.crtc, ids.crtcMode, to: UInt64(modeBlob.rawValue))
        try request.set(choice.crtc, ids.crtcActive, to: 1)
        try request.set(plane, ids.fb, to: UInt64(fb.rawValue))
        try request.set(plane, ids.crtc, to: UInt64(choice.crtc.rawValue))
        try request.set(plane, ids.srcX, to: 0)
        try request.set(plane, ids.srcY, to: 0)
        try request.set(plane, ids.srcW, to: w << 16)
        try request.set(plane, ids.srcH, to: h << 16)
        try request.set(plane, ids.crtcX, to: 0)
        try request.set(plane, ids.crtcY, to: 0)
        try request.set(plane, ids.crtcW, to: w)
        try request.set(plane, ids.crtcH, to: h)
    }

    /// `drmModeAtomicCommit(NONBLOCK | PAGE_FLIP_EVENT)`, with `ALLOW_MODESET` when the mode must be set.
    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        let fb = output.buffers[index].framebuffer
        let event: AtomicCommitFlags = [.nonblocking, .pageFlipEvent]
        if output.needsModeset {
            try fillModeset(framebuffer: fb)
            try output.card.commit(request, flags: event.union(.allowModeset), sink: flips.sink)
        } else {
            request.clear()
            try request.set(plane, ids.fb, to: UInt64(fb.rawValue))
            try output.card.commit(request, flags: event, sink: flips.sink)
        }
        output.needsModeset = false
        output.front = index
        flips.submitted()
        return .pending
    }
}
