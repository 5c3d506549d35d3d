import CDRM
import HUDSystem

/// The property ids of one plane that a full commit sets.
struct PlaneProperties {
    var fb: PropertyID, crtc: PropertyID
    var srcX: PropertyID, srcY: PropertyID, srcW: PropertyID, srcH: PropertyID
    var crtcX: PropertyID, crtcY: PropertyID, crtcW: PropertyID, crtcH: PropertyID

    static func id(_ props: [String: DRMCard.Property], _ name: String, _ card: DRMCard) throws(SystemError) -> PropertyID {
        guard let v = props[name] else {
            throw SystemError(call: "drmModeObjectGetProperties", subject: card.path, detail: "no property \(name)")
        }
        return v.id
    }

    init(card: DRMCard, plane: PlaneID) throws(SystemError) {
        let p = try card.properties(of: plane)
        fb = try Self.id(p, "FB_ID", card)
        crtc = try Self.id(p, "CRTC_ID", card)
        srcX = try Self.id(p, "SRC_X", card)
        srcY = try Self.id(p, "SRC_Y", card)
        srcW = try Self.id(p, "SRC_W", card)
        srcH = try Self.id(p, "SRC_H", card)
        crtcX = try Self.id(p, "CRTC_X", card)
        crtcY = try Self.id(p, "CRTC_Y", card)
        crtcW = try Self.id(p, "CRTC_W", card)
        crtcH = try Self.id(p, "CRTC_H", card)
    }

    /// The plane shows `framebuffer` whole, over the whole `mode`, on `crtc`.
    func fill(_ request: AtomicRequest, plane: PlaneID, framebuffer: FramebufferID, crtc c: CRTCID, mode: DisplayMode) throws(SystemError) {
        let w = UInt64(mode.width), h = UInt64(mode.height)
        try request.set(plane, fb, to: UInt64(framebuffer.rawValue))
        try request.set(plane, crtc, to: UInt64(c.rawValue))
        try request.set(plane, srcX, to: 0)
        try request.set(plane, srcY, to: 0)
        try request.set(plane, srcW, to: w << 16)
        try request.set(plane, srcH, to: h << 16)
        try request.set(plane, crtcX, to: 0)
        try request.set(plane, crtcY, to: 0)
        try request.set(plane, crtcW, to: w)
        try request.set(plane, crtcH, to: h)
    }
}
