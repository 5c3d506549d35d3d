import CDRM
import HUDSystem

/// One display output: a connector lit by a CRTC through its primary plane,
/// with two XRGB8888 dumb buffers that take turns on screen.
///
/// Uses atomic modesetting when the driver supports it and a TEST_ONLY commit
/// of the first configuration passes; legacy `drmModeSetCrtc` +
/// `drmModePageFlip` otherwise (or when `forceLegacy`). Remembers the CRTC's
/// configuration from before so the console can be given back.
public final class KMSOutput {
    public let card: DRMCard
    public let choice: OutputChoice
    public let buffers: [DumbBuffer]
    /// Whether commits go through the atomic API.
    public private(set) var usesAtomic = false
    /// Why atomic is not used, when it is not.
    public private(set) var legacyReason: String?
    /// Whether the driver has real vblank events (`drmWaitVBlank` works).
    public let hasVBlank: Bool
    /// The CRTC as it was before this output touched it (the console).
    public let savedCRTC: DRMCard.CRTCState?
    /// How the panel is mounted (the connector's `panel orientation`).
    public let panelOrientation: PanelOrientation
    /// The buffer on screen (nil before the first frame or after `restoreConsole`).
    public private(set) var front: Int?

    private struct AtomicIDs {
        var connectorCRTC: PropertyID
        var crtcMode: PropertyID, crtcActive: PropertyID
        var fb: PropertyID, crtc: PropertyID, srcX: PropertyID, srcY: PropertyID, srcW: PropertyID, srcH: PropertyID
        var crtcX: PropertyID, crtcY: PropertyID, crtcW: PropertyID, crtcH: PropertyID
    }
    private let ids: AtomicIDs?
    private let atomicRequest: AtomicRequest?
    private var modeBlob = BlobID.none
    private var needsModeset = true

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
        var atomic = !forceLegacy && card.enableAtomic()
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

        var ids: AtomicIDs?
        if atomic, let plane = choice.plane {
            do {
                let c = try card.properties(of: choice.connector.id)
                let r = try card.properties(of: choice.crtc)
                let p = try card.properties(of: plane)
                func id(_ props: [String: DRMCard.Property], _ name: String) throws(SystemError) -> PropertyID {
                    guard let v = props[name] else {
                        throw SystemError(call: "drmModeObjectGetProperties", subject: card.path, detail: "no property \(name)")
                    }
                    return v.id
                }
                ids = AtomicIDs(connectorCRTC: try id(c, "CRTC_ID"), crtcMode: try id(r, "MODE_ID"), crtcActive: try id(r, "ACTIVE"),
                                fb: try id(p, "FB_ID"), crtc: try id(p, "CRTC_ID"),
                                srcX: try id(p, "SRC_X"), srcY: try id(p, "SRC_Y"), srcW: try id(p, "SRC_W"), srcH: try id(p, "SRC_H"),
                                crtcX: try id(p, "CRTC_X"), crtcY: try id(p, "CRTC_Y"), crtcW: try id(p, "CRTC_W"), crtcH: try id(p, "CRTC_H"))
            } catch {
                atomic = false
                reason = "\(error)"
            }
        } else if atomic {
            atomic = false
            reason = "no primary plane listed"
        }
        self.ids = ids
        atomicRequest = atomic ? try AtomicRequest() : nil
        if let atomicRequest {
            // TEST_ONLY first: a driver that takes the cap but not our configuration goes legacy.
            do {
                try fillModeset(fb: buffers[0].framebuffer)
                try card.commit(atomicRequest, flags: [.testOnly, .allowModeset])
                usesAtomic = true
            } catch {
                reason = "TEST_ONLY commit failed: \(error)"
            }
        }
        legacyReason = usesAtomic ? nil : reason
    }

    deinit {
        if modeBlob != .none { card.destroyBlob(modeBlob) }
    }

    private func fillModeset(fb: FramebufferID) throws(SystemError) {
        guard let ids, let request = atomicRequest, let plane = choice.plane else { return }
        if modeBlob == .none { modeBlob = try card.createModeBlob(choice.mode) }
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

    /// Puts `buffers[index]` on screen. The first time (and after
    /// `restoreConsole`) this is a modeset. Returns true when a page-flip
    /// event will report completion through `sink`, false when the buffer is
    /// already on screen (a legacy modeset is synchronous).
    public func present(_ index: Int, sink: PageFlipSink) throws(SystemError) -> Bool {
        let fb = buffers[index].framebuffer
        if usesAtomic, let request = atomicRequest, let ids, let plane = choice.plane {
            let event: AtomicCommitFlags = [.nonblocking, .pageFlipEvent]
            if needsModeset {
                try fillModeset(fb: fb)
                try card.commit(request, flags: event.union(.allowModeset), sink: sink)
            } else {
                request.clear()
                try request.set(plane, ids.fb, to: UInt64(fb.rawValue))
                try card.commit(request, flags: event, sink: sink)
            }
            needsModeset = false
            front = index
            return true
        }
        if needsModeset {
            try card.setCRTC(choice.crtc, framebuffer: fb, connector: choice.connector.id, mode: choice.mode)
            needsModeset = false
            front = index
            return false
        }
        try card.pageFlip(choice.crtc, framebuffer: fb, sink: sink)
        front = index
        return true
    }

    /// Gives the CRTC back to what showed before (the text console) with a
    /// legacy `drmModeSetCrtc`, or turns it off if nothing did. The next
    /// `present` does a full modeset again.
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

    /// Forces the next `present` to be a full modeset (after regaining master).
    public func invalidateModeset() { needsModeset = true }
}
