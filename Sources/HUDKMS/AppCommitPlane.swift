#if canImport(Glibc)
import Glibc
#endif
import CDRM
import HUDCore
import HUDSystem

/// The HUD's overlay plane in an app's own atomic commit (libkioskhud's
/// `kh_plane_*`): the app owns the CRTC and commits; this adds the plane's
/// properties to the app's `drmModeAtomicReq` and never commits itself.
///
/// Two premultiplied ARGB8888 dumb buffers: each frame the HUD is copied
/// into the one not on screen (only the rectangles that buffer has not
/// had yet), and the request shows it. The app says when a commit that
/// carried it completed (`commitDone`); until then the buffer on screen is
/// never drawn into.
///
/// The plane is chosen as `OverlayPlane.choose` chooses for `OverlayScanout`
/// and proved on the app's first request: a TEST_ONLY commit of a copy of
/// it with the plane added, each usable plane in turn.
///
/// Not thread-safe: one thread (the stack's).
public final class AppCommitPlane {
    public let card: DRMCard
    public let crtc: CRTCID
    public let width: Int
    public let height: Int
    /// The planes that may carry the HUD, in the order they are tried.
    private let usable: [OverlayPlane]
    /// Why the other planes on the CRTC could not.
    private let refused: [String]
    /// The plane proved by the first `apply`'s TEST_ONLY commit.
    public private(set) var plane: OverlayPlane?
    private var ids: PlaneProperties?
    private let buffers: [DumbBuffer]
    /// The buffer on screen (the last commit the app said completed).
    public private(set) var front: Int?
    /// The buffer in the app's request, not yet known to be on screen.
    private var applied: Int?
    /// Per buffer, what changed in the HUD since it was last filled.
    private var stale: [[PixelRect]]

    /// The app's DRM fd (duplicated: the same open file, so the same client
    /// caps, master and buffer handles; the duplicate is closed here) and the
    /// CRTC the app drives at `width`x`height`.
    /// - Throws: `SystemError` naming what is missing: the CRTC, a primary
    ///   plane for it, a usable overlay plane, the buffers.
    public init(fd: Int32, crtc: UInt32, width: Int, height: Int) throws(SystemError) {
        let card = try DRMCard(duplicating: fd)
        guard card.enableAtomic() else {
            throw SystemError(call: "drmSetClientCap", subject: card.path, detail: "no atomic modesetting on this device")
        }
        let crtcs = try card.resources().crtcs
        guard let index = crtcs.firstIndex(of: CRTCID(rawValue: crtc)) else {
            throw SystemError(call: "drmModeGetResources", subject: card.path,
                              detail: "CRTC \(crtc) is not one of this card's (\(crtcs.map(\.description).joined(separator: ", ")))")
        }
        let planes = try card.planes()
        func candidate(_ plane: DRMCard.Plane) throws(SystemError) -> OverlayPlane.Candidate { try .init(plane, on: card) }
        let onCRTC = planes.filter { $0.possibleCRTCs & (1 << UInt32(index)) != 0 }
        guard let primary = onCRTC.first(where: \.isPrimary) else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: card.path, detail: "no primary plane for CRTC \(crtc)")
        }
        var candidates: [OverlayPlane.Candidate] = []
        for p in onCRTC where p.isOverlay { candidates.append(try candidate(p)) }
        let (usable, refused) = OverlayPlane.choose(from: candidates, primary: try candidate(primary), crtcIndex: index)
        guard !usable.isEmpty else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: card.path,
                              detail: refused.isEmpty ? "no overlay plane for CRTC \(crtc)"
                                  : "no usable overlay plane for CRTC \(crtc) (" + refused.joined(separator: "; ") + ")")
        }
        buffers = [try DumbBuffer(card: card, width: width, height: height, format: .argb8888),
                   try DumbBuffer(card: card, width: width, height: height, format: .argb8888)]
        let all = PixelRect(x: 0, y: 0, width: width, height: height)
        stale = [[all], [all]]
        self.card = card
        self.crtc = CRTCID(rawValue: crtc)
        self.width = width
        self.height = height
        self.usable = usable
        self.refused = refused
    }

    /// Notes where the HUD changed: every buffer lacks it until it is filled again.
    public func changed(_ rects: [PixelRect]) {
        guard !rects.isEmpty else { return }
        for i in stale.indices {
            stale[i].append(contentsOf: rects)
            if stale[i].count > 16 {
                stale[i] = [stale[i].reduce(PixelRect.empty) { $0.isEmpty ? $1 : $0.union($1) }]
            }
        }
    }

    /// Copies what the buffer not on screen lacks from `source` (the HUD
    /// layer, premultiplied ARGB8888, `width`x`height`) and adds the plane
    /// showing it to `request`, the app's. The first call proves the plane
    /// with a TEST_ONLY commit of a copy of `request` (with `allowModeset`
    /// when the app's flags have it); the request is left as it was when
    /// no plane passes.
    /// - Returns: the plane's id.
    public func apply(to request: drmModeAtomicReqPtr, allowModeset: Bool, source: PixelBuffer) throws(SystemError) -> PlaneID {
        let back = applied ?? (front == 0 ? 1 : 0)
        fill(back, from: source)
        if plane == nil { try prove(request, buffer: back, allowModeset: allowModeset) }
        guard let plane, let ids else { throw SystemError(call: "drmModeAtomicCommit", subject: card.path, detail: "no plane proved") }
        try add(plane, ids, buffer: back, to: request)
        applied = back
        return plane.id
    }

    /// The app's commit that carried the last `apply` is on screen (its flip
    /// event came, or a blocking commit returned): that buffer is the front.
    public func commitDone() {
        if let applied { front = applied }
        applied = nil
    }

    private func fill(_ index: Int, from source: PixelBuffer) {
        let target = buffers[index]
        let bounds = PixelRect(x: 0, y: 0, width: min(width, source.width), height: min(height, source.height))
        for rect in stale[index] {
            let r = rect.intersection(bounds)
            guard !r.isEmpty else { continue }
            for y in r.y..<(r.y + r.height) {
                let from = UnsafeRawPointer(source.base) + y * source.stride + r.x * 4
                let to = target.pixels + y * target.pitch + r.x * 4
                to.copyMemory(from: from, byteCount: r.width * 4)
            }
        }
        stale[index] = []
    }

    private func add(_ plane: OverlayPlane, _ ids: PlaneProperties, buffer: Int, to pointer: drmModeAtomicReqPtr) throws(SystemError) {
        func set(_ property: PropertyID, _ value: UInt64) throws(SystemError) {
            let rc = drmModeAtomicAddProperty(pointer, plane.id.rawValue, property.rawValue, value)
            guard rc >= 0 else { throw .libdrm("drmModeAtomicAddProperty", "plane \(plane.id) property \(property)", result: rc) }
        }
        let w = UInt64(width), h = UInt64(height)
        try set(ids.fb, UInt64(buffers[buffer].framebuffer.rawValue))
        try set(ids.crtc, UInt64(crtc.rawValue))
        try set(ids.srcX, 0)
        try set(ids.srcY, 0)
        try set(ids.srcW, w << 16)
        try set(ids.srcH, h << 16)
        try set(ids.crtcX, 0)
        try set(ids.crtcY, 0)
        try set(ids.crtcW, w)
        try set(ids.crtcH, h)
        for s in plane.settings { try set(s.property, s.value) }
    }

    /// The first usable plane whose TEST_ONLY commit (the app's request and the plane) the driver takes.
    private func prove(_ request: drmModeAtomicReqPtr, buffer: Int, allowModeset: Bool) throws(SystemError) {
        var problems = refused
        var flags = AtomicCommitFlags.testOnly
        if allowModeset { flags.insert(.allowModeset) }
        for candidate in usable {
            let candidateIDs: PlaneProperties
            do {
                candidateIDs = try PlaneProperties(card: card, plane: candidate.id)
            } catch {
                problems.append("plane \(candidate.id): \(error)")
                continue
            }
            guard let copy = drmModeAtomicDuplicate(request) else {
                throw SystemError(call: "drmModeAtomicDuplicate", errno: Errno(rawValue: ENOMEM))
            }
            defer { drmModeAtomicFree(copy) }
            do {
                try add(candidate, candidateIDs, buffer: buffer, to: copy)
                try card.commit(copy, flags: flags)
                plane = candidate
                ids = candidateIDs
                return
            } catch {
                problems.append("plane \(candidate.id): \(error)")
            }
        }
        throw SystemError(call: "drmModeAtomicCommit", subject: "\(card.path) TEST_ONLY",
                          detail: "the driver refused the HUD's plane in the app's request (" + problems.joined(separator: "; ") + ")")
    }
}
