import CDRM
import HUDSystem

/// What every atomic scanout's full commit sets besides its planes, and the
/// one way its commits go out (kmscube's `drm-atomic.c`): the connector on
/// the CRTC, the mode blob (made once, destroyed with this), `ACTIVE`, other
/// connectors taken off the CRTC; a writeback capture rides on any commit.
/// Shared by `AtomicScanout` and `OverlayScanout`.
final class CRTCModeset {
    let output: KMSOutput
    let request: AtomicRequest
    /// Frames read back through a writeback connector (tests).
    var capture: WritebackCapture?
    private let connectorCRTC: PropertyID, crtcMode: PropertyID, crtcActive: PropertyID
    private var modeBlob = BlobID.none

    /// - Throws: `SystemError` when the connector or CRTC lacks a property.
    init(output: KMSOutput) throws(SystemError) {
        let card = output.card
        let c = try card.properties(of: output.choice.connector.id)
        let r = try card.properties(of: output.choice.crtc)
        connectorCRTC = try PlaneProperties.id(c, "CRTC_ID", card)
        crtcMode = try PlaneProperties.id(r, "MODE_ID", card)
        crtcActive = try PlaneProperties.id(r, "ACTIVE", card)
        self.output = output
        request = try AtomicRequest()
    }

    deinit {
        if modeBlob != .none { output.card.destroyBlob(modeBlob) }
    }

    /// Clears the request and fills the connector and CRTC part of a modeset.
    func fillModeset() throws(SystemError) {
        let choice = output.choice
        if modeBlob == .none { modeBlob = try output.card.createModeBlob(choice.mode) }
        request.clear()
        try request.set(choice.connector.id, connectorCRTC, to: UInt64(choice.crtc.rawValue))
        try request.set(choice.crtc, crtcMode, to: UInt64(modeBlob.rawValue))
        try request.set(choice.crtc, crtcActive, to: 1)
        for other in output.connectorsToDetach { try request.set(other.connector, other.crtcProperty, to: 0) }
    }

    /// `drmModeAtomicCommit` of the request, a capture attached when one is due.
    func commit(flags: AtomicCommitFlags, sink: PageFlipSink? = nil) throws(SystemError) {
        let capturing = try capture?.attach(to: request) ?? false
        do {
            try output.card.commit(request, flags: flags, sink: sink)
        } catch {
            if capturing { capture?.commitFailed(error) }
            throw error
        }
        if capturing { capture?.committed() }
    }
}
