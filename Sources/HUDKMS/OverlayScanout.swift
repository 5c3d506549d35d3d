#if canImport(Glibc)
import Glibc
#endif
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
///
/// A commit the driver refuses after that proof (a display controller's
/// bandwidth limit, the Raspberry Pi's HVS) is not a lost frame: the same
/// frame is composed on the CPU at once — the HUD's buffer blended over the
/// picture's into one of two XRGB8888 buffers of its own — and committed on
/// the primary plane with the overlay off, in the same `present`; from then on
/// every frame is composed so, and the output's report says why
/// (`KMSOutput.compositionReason`). The HUD's buffer already holds the blur
/// of the picture under its bezel, so the composed frame is the one the plane
/// would have shown. `KIOSKHUD_TEST_REFUSE_OVERLAY_COMMIT=1` (tests) makes
/// every real commit with the overlay carry a source rectangle wider than the
/// HUD's buffer, which the kernel refuses (as a bandwidth limit stays).
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
    /// After a refused commit: the frames composed on the CPU, and which is on screen.
    private var composed: [DumbBuffer] = []
    private var composedFront: Int?
    /// Tests: every real commit with the overlay is made to be refused (`KIOSKHUD_TEST_REFUSE_OVERLAY_COMMIT=1`).
    private let refusesCommits = getenv("KIOSKHUD_TEST_REFUSE_OVERLAY_COMMIT").map { String(cString: $0) == "1" } ?? false

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
        if output.needsModeset { flags = event.union(.allowModeset) }
        if !composed.isEmpty {
            try presentComposed(hud: hud ?? overlayFront ?? 0, content: content ?? output.front ?? 0, flags: flags)
        } else {
            if output.needsModeset {
                try fillModeset(hud: hud ?? overlayFront ?? 0, content: content ?? output.front ?? 0)
            } else {
                request.clear()
                if let hud { try request.set(overlay.id, overlayIDs.fb, to: UInt64(overlayBuffers[hud].framebuffer.rawValue)) }
                if let content { try request.set(primary, primaryIDs.fb, to: UInt64(output.buffers[content].framebuffer.rawValue)) }
            }
            if refusesCommits {
                let w = UInt64(output.mode.width + 64), h = UInt64(output.mode.height)
                if let hud { try request.set(overlay.id, overlayIDs.fb, to: UInt64(overlayBuffers[hud].framebuffer.rawValue)) }
                try request.set(overlay.id, overlayIDs.srcW, to: w << 16)
                try request.set(overlay.id, overlayIDs.srcH, to: h << 16)
            }
            do {
                try modeset.commit(flags: flags, sink: flips.sink)
            } catch {
                // Not ours to hide: another master, a commit still pending, a card gone.
                if let e = error.errno, [Errno.permissionDenied, .notPermitted, .busy, Errno(rawValue: ENODEV)].contains(e) { throw error }
                let first = "\(error)"
                try fallBack(hud: hud ?? overlayFront ?? 0, content: content ?? output.front ?? 0, flags: flags)
                output.overlayRefused("the driver refused a commit with overlay plane \(overlay.id) after its TEST_ONLY "
                                      + "proof (\(first)): composed on the CPU since")
            }
        }
        output.needsModeset = false
        if let hud { overlayFront = hud }
        if let content { output.front = content }
        flips.submitted()
        return .pending
    }

    /// The refused frame again, composed on the CPU, the overlay off; the composed buffers are made here.
    private func fallBack(hud: Int, content: Int, flags: AtomicCommitFlags) throws(SystemError) {
        let w = output.mode.width, h = output.mode.height
        composed = [try DumbBuffer(card: output.card, width: w, height: h), try DumbBuffer(card: output.card, width: w, height: h)]
        try presentComposed(hud: hud, content: content, flags: flags, overlayOff: true)
    }

    /// `hud`'s buffer over `content`'s into the composed buffer not on screen,
    /// committed on the primary plane (with the mode when one is due).
    private func presentComposed(hud: Int, content: Int, flags: AtomicCommitFlags, overlayOff: Bool = false) throws(SystemError) {
        let back = composedFront == 0 ? 1 : 0
        Self.compose(overlayBuffers[hud], over: output.buffers[content], into: composed[back])
        let choice = output.choice
        if output.needsModeset {
            try modeset.fillModeset()
            try primaryIDs.fill(request, plane: primary, framebuffer: composed[back].framebuffer, crtc: choice.crtc, mode: choice.mode)
        } else {
            request.clear()
            try request.set(primary, primaryIDs.fb, to: UInt64(composed[back].framebuffer.rawValue))
        }
        if overlayOff || output.needsModeset {
            try request.set(overlay.id, overlayIDs.fb, to: 0)
            try request.set(overlay.id, overlayIDs.crtc, to: 0)
        }
        try modeset.commit(flags: flags, sink: flips.sink)
        composedFront = back
    }

    /// out = hud + picture × (1 − hud alpha), per channel (the HUD premultiplied ARGB8888, the picture XRGB8888).
    private static func compose(_ hud: DumbBuffer, over picture: DumbBuffer, into out: DumbBuffer) {
        for y in 0..<out.height {
            let top = (hud.pixels + y * hud.pitch).assumingMemoryBound(to: UInt32.self)
            let under = (picture.pixels + y * picture.pitch).assumingMemoryBound(to: UInt32.self)
            let row = (out.pixels + y * out.pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<out.width {
                let s = top[x], a = s >> 24
                if a == 0 { row[x] = under[x] & 0xFF_FFFF; continue }
                if a == 255 { row[x] = s & 0xFF_FFFF; continue }
                let d = under[x], k = 255 - a
                var v: UInt32 = 0
                for shift: UInt32 in [0, 8, 16] {
                    let c = (s >> shift & 0xFF) + ((d >> shift & 0xFF) * k + 127) / 255
                    v |= min(c, 255) << shift
                }
                row[x] = v
            }
        }
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
