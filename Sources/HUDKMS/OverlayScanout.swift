import CDRM
import HUDCore
import HUDFrames
import HUDSystem

/// Presents the HUD on an overlay plane over the app's picture on the
/// primary plane, with atomic commits: the HUD's premultiplied ARGB8888
/// buffers (`buffers`) and the output's XRGB8888 buffers holding the
/// picture (`contentBuffers`) flip apart — a spinner commits only the
/// overlay's `FB_ID`, an app update only the primary's, both in one commit
/// when both changed. The first commit (and the one after a VT switch) sets
/// the whole configuration with `ALLOW_MODESET`; a TEST_ONLY commit of it
/// proves the plane at start, else the head composes on the CPU.
final class OverlayScanout: KMSScanout {
    let output: KMSOutput
    let flips: PageFlipEvents
    let overlay: OverlayPlane
    /// The HUD's buffers on the overlay plane.
    let overlayBuffers: [DumbBuffer]
    private(set) var overlayFront: Int?
    let modeset: CRTCModeset
    private var request: AtomicRequest { modeset.request }
    private let primary: PlaneID
    private let primaryIDs: PlaneProperties
    private let overlayIDs: PlaneProperties

    /// Sets up `plane` over `output`'s primary and test-commits both.
    /// - Throws: `SystemError` when a property is missing or the driver refuses the configuration.
    init(output: KMSOutput, plane: OverlayPlane, events: CardEventWatch) throws(SystemError) {
        guard let primary = output.choice.plane else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: output.card.path, detail: "no primary plane listed")
        }
        let card = output.card
        modeset = try CRTCModeset(output: output)
        primaryIDs = try PlaneProperties(card: card, plane: primary)
        overlayIDs = try PlaneProperties(card: card, plane: plane.id)
        let w = output.mode.width, h = output.mode.height
        overlayBuffers = [try DumbBuffer(card: card, width: w, height: h, format: .argb8888),
                          try DumbBuffer(card: card, width: w, height: h, format: .argb8888)]
        self.output = output
        self.primary = primary
        overlay = plane
        flips = PageFlipEvents(watch: events)
        do {
            try fillModeset(hud: 0, content: 0)
            try card.commit(request, flags: [.testOnly, .allowModeset])
        } catch {
            throw SystemError(call: error.call, subject: error.subject, errno: error.errno,
                              detail: "TEST_ONLY commit with overlay plane \(plane.id) refused" + (error.detail.isEmpty ? "" : ": \(error.detail)"))
        }
    }

    var buffers: [PixelBuffer] { overlayBuffers.map(\.target) }
    var front: Int? { overlayFront }
    var contentBuffers: [PixelBuffer] { output.buffers.map(\.target) }
    var contentFront: Int? { output.front }

    private func fillModeset(hud: Int, content: Int) throws(SystemError) {
        let choice = output.choice
        try modeset.fillModeset()
        try primaryIDs.fill(request, plane: primary, framebuffer: output.buffers[content].framebuffer, crtc: choice.crtc, mode: choice.mode)
        try overlayIDs.fill(request, plane: overlay.id, framebuffer: overlayBuffers[hud].framebuffer, crtc: choice.crtc, mode: choice.mode)
        for s in overlay.settings { try request.set(overlay.id, s.property, to: s.value) }
    }

    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        try present(hud: index, damage: damage, content: nil, contentDamage: .empty)
    }

    /// `drmModeAtomicCommit(NONBLOCK | PAGE_FLIP_EVENT)` of the planes that changed.
    func present(hud: Int?, damage: PixelRect, content: Int?, contentDamage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        let event: AtomicCommitFlags = [.nonblocking, .pageFlipEvent]
        var flags = event
        if output.needsModeset {
            try fillModeset(hud: hud ?? overlayFront ?? 0, content: content ?? output.front ?? 0)
            flags = event.union(.allowModeset)
        } else {
            request.clear()
            if let hud { try request.set(overlay.id, overlayIDs.fb, to: UInt64(overlayBuffers[hud].framebuffer.rawValue)) }
            if let content { try request.set(primary, primaryIDs.fb, to: UInt64(output.buffers[content].framebuffer.rawValue)) }
        }
        try modeset.commit(flags: flags, sink: flips.sink)
        output.needsModeset = false
        if let hud { overlayFront = hud }
        if let content { output.front = content }
        flips.submitted()
        return .pending
    }

    /// Takes the HUD's plane off the CRTC (a legacy `SetCrtc` to the console would leave it up).
    private func disableOverlay() throws(SystemError) {
        request.clear()
        try request.set(overlay.id, overlayIDs.fb, to: 0)
        try request.set(overlay.id, overlayIDs.crtc, to: 0)
        try output.card.commit(request, flags: [])
        overlayFront = nil
    }

    func release() throws(SystemError) -> Bool {
        if output.front != nil {
            try disableOverlay()
            try output.restoreConsole()
        }
        return true
    }

    func stop(retainingPicture: Bool) throws(SystemError) {
        flips.forget()
        if !retainingPicture, output.front != nil, !output.suspended {
            try disableOverlay()
            try output.restoreConsole()
        }
    }
}
