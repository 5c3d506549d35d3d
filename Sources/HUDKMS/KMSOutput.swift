import CDRM
import HUDCore
import HUDFrames
import HUDSystem

/// One display output: a connector lit by a CRTC through its primary plane,
/// with two XRGB8888 dumb buffers that take turns on screen. What the atomic
/// and the legacy scanout share (kmscube's `drm-common.c`): the choice of
/// connector, CRTC and mode, the buffers, and the console's CRTC from before,
/// so it can be given back.
public final class KMSOutput {
    public let card: DRMCard
    public let choice: OutputChoice
    public let buffers: [DumbBuffer]
    /// Whether commits go through the atomic API (known once `makeScanout` chose).
    public private(set) var usesAtomic = false
    /// Why atomic is not used, when it is not.
    public private(set) var legacyReason: String?
    /// The overlay plane the HUD is on (the app's picture on the primary), when it is.
    public private(set) var overlayPlane: PlaneID?
    /// Why the HUD is composed on the CPU when an overlay plane was wanted.
    public private(set) var compositionReason: String?

    /// The overlay's scanout fell back to composing on the CPU (`OverlayScanout`): say so and why.
    func overlayRefused(_ reason: String) {
        overlayPlane = nil
        compositionReason = reason
    }
    /// Whether the driver has real vblank events (`drmWaitVBlank` works).
    public let hasVBlank: Bool
    /// The CRTC as it was before this output touched it (the console).
    public let savedCRTC: DRMCard.CRTCState?
    /// How the panel is mounted (the connector's `panel orientation`).
    public let panelOrientation: PanelOrientation
    /// The buffer on screen (nil before the first frame or after `restoreConsole`).
    public internal(set) var front: Int?
    /// The next presentation sets the mode (the first, and after `restoreConsole` or a VT switch).
    var needsModeset = true
    /// Set while the screen is not ours (the VT was switched away).
    var suspended = false
    /// Whether `DRM_CLIENT_CAP_ATOMIC` was taken and a primary plane chosen.
    private let atomicCapable: Bool
    /// Other connectors on this output's CRTC now (the console's, say) and
    /// their `CRTC_ID` property: an atomic modeset takes them off it, as a
    /// legacy `SetCrtc` does (a driver may refuse to share it: vkms's writeback).
    let connectorsToDetach: [(connector: ConnectorID, crtcProperty: PropertyID)]

    public var mode: DisplayMode { choice.mode }

    /// Opens the output on `card`.
    /// - Throws: `SystemError` from the C call that failed, or `OutputChoiceError`.
    /// `excludingCRTCs`: CRTCs other outputs on this card already drive.
    public init(card: DRMCard, mode request: ModeRequest? = nil, connectorName: String? = nil,
                forceLegacy: Bool = false, excludingCRTCs: Set<CRTCID> = []) throws {
        self.card = card
        guard card.supportsDumbBuffers else {
            throw SystemError(call: "drmGetCap(DRM_CAP_DUMB_BUFFER)", subject: card.path, detail: "driver has no dumb buffers")
        }
        let atomic = !forceLegacy && card.enableAtomic()
        var reason: String? = forceLegacy ? "legacy forced" : (atomic ? nil : "driver refused DRM_CLIENT_CAP_ATOMIC")
        if !atomic { card.enableUniversalPlanes() }
        let res = try card.resources()
        var connectors: [DRMCard.Connector] = []
        for id in res.connectors {
            // The last probe's state is enough when it found the connector
            // connected with modes; probe (slow: EDID) only otherwise.
            let current = try card.connector(id, probe: false)
            connectors.append(current.isConnected && !current.modes.isEmpty ? current : try card.connector(id))
        }
        var encoders: [EncoderID: (possibleCRTCs: UInt32, crtc: CRTCID)] = [:]
        for id in res.encoders { encoders[id] = try card.encoder(id) }
        let planes = try? card.planes()
        choice = try OutputChoice.choose(connectors: connectors, encoders: encoders, crtcs: res.crtcs,
                                         planes: atomic ? planes : nil, mode: request, connectorName: connectorName,
                                         excludingCRTCs: excludingCRTCs)
        savedCRTC = try? card.crtc(choice.crtc)
        panelOrientation = PanelOrientation(propertyValue: (try? card.properties(of: choice.connector.id))?["panel orientation"]?.value)
        hasVBlank = card.supportsVBlank(crtcIndex: choice.crtcIndex)
        let w = choice.mode.width, h = choice.mode.height
        buffers = [try DumbBuffer(card: card, width: w, height: h), try DumbBuffer(card: card, width: w, height: h)]
        if atomic, choice.plane == nil { reason = "no primary plane listed" }
        atomicCapable = atomic && choice.plane != nil
        legacyReason = reason
        var detach: [(ConnectorID, PropertyID)] = []
        if atomicCapable {
            for c in connectors where c.id != choice.connector.id {
                if let p = (try? card.properties(of: c.id))?["CRTC_ID"], p.value == UInt64(choice.crtc.rawValue) {
                    detach.append((c.id, p.id))
                }
            }
        }
        connectorsToDetach = detach
    }

    /// The scanout that presents this output's buffers: with `overlay` (the
    /// app's picture under the HUD), an `OverlayScanout` on the first
    /// overlay plane that takes premultiplied ARGB8888 above the primary and
    /// passes a TEST_ONLY commit (`compositionReason` says why none did);
    /// else an `AtomicScanout` when the driver takes the atomic API and a
    /// TEST_ONLY commit of the first configuration passes, a `LegacyScanout`
    /// otherwise (`legacyReason` says why). Flip events come through
    /// `events`, the card's shared watch; `capture` reads frames back (tests, atomic only).
    public func makeScanout(events: CardEventWatch, overlay: Bool = false, capture: WritebackCapture? = nil) -> any Scanout {
        overlayPlane = nil
        compositionReason = nil
        if overlay {
            if atomicCapable {
                do {
                    let scanout = try makeOverlayScanout(events: events)
                    scanout.modeset.capture = capture
                    usesAtomic = true
                    legacyReason = nil
                    overlayPlane = scanout.overlay.id
                    return scanout
                } catch {
                    compositionReason = "\(error)"
                }
            } else {
                compositionReason = "no atomic API (\(legacyReason ?? "legacy"))"
            }
        }
        if atomicCapable {
            do {
                let scanout = try AtomicScanout(output: self, events: events)
                scanout.modeset.capture = capture
                usesAtomic = true
                legacyReason = nil
                return scanout
            } catch {
                legacyReason = "\(error)"
            }
        }
        usesAtomic = false
        return LegacyScanout(output: self, events: events)
    }

    /// The first overlay plane that passes a TEST_ONLY commit with the primary.
    private func makeOverlayScanout(events: CardEventWatch) throws(SystemError) -> OverlayScanout {
        let planes = try card.planes()
        func candidate(_ plane: DRMCard.Plane) throws(SystemError) -> OverlayPlane.Candidate { try .init(plane, on: card) }
        guard let primaryID = choice.plane, let primaryPlane = planes.first(where: { $0.id == primaryID }) else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: card.path, detail: "no primary plane listed")
        }
        var candidates: [OverlayPlane.Candidate] = []
        for p in planes where p.isOverlay { candidates.append(try candidate(p)) }
        let (usable, refused) = OverlayPlane.choose(from: candidates, primary: try candidate(primaryPlane), crtcIndex: choice.crtcIndex)
        var problems = refused
        for plane in usable {
            do {
                return try OverlayScanout(output: self, plane: plane, events: events)
            } catch {
                problems.append("\(error)")
            }
        }
        throw SystemError(call: "drmModeGetPlaneResources", subject: card.path,
                          detail: usable.isEmpty && refused.isEmpty ? "no overlay plane on this CRTC"
                              : "no usable overlay plane (" + problems.joined(separator: "; ") + ")")
    }

    /// Gives the CRTC back to what showed before (the text console) with a
    /// legacy `drmModeSetCrtc`, or turns it off if nothing did. The next
    /// presentation sets the mode again.
    public func restoreConsole() throws(SystemError) {
        needsModeset = true
        front = nil
        if let saved = savedCRTC, saved.framebuffer != 0, let mode = saved.mode {
            try card.setCRTC(saved.id, framebuffer: saved.framebuffer, x: saved.x, y: saved.y,
                             connector: choice.connector.id, mode: mode)
        } else {
            try card.setCRTC(choice.crtc, framebuffer: 0, connector: nil, mode: nil)
        }
    }
}
