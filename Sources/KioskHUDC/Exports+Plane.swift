import CDRM
import HUDCore
import HUDKMS
import HUDRender
import KioskHUD

// kioskhud.h: the HUD's overlay plane in the app's own atomic commit (apps that own KMS).

@_cdecl("kh_plane_new")
public func kh_plane_new(_ handle: OpaquePointer?, _ fd: Int32, _ crtc: UInt32, _ width: Int32, _ height: Int32,
                         _ scale: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    capiCall("kh_plane_new", stack: handle) { stack throws(CAPIError) in
        guard let out else { throw CAPIError(.invalidArgument, "out is NULL") }
        out.pointee = nil
        guard stack.screen == nil else { throw CAPIError(.unsupported, "the stack is on a kh_screen, which draws it") }
        guard stack.layer == nil else { throw CAPIError(.unsupported, "the stack has a kh_layer (free it first)") }
        guard stack.plane == nil else { throw CAPIError(.unsupported, "the stack has a kh_plane already (free it first)") }
        guard fd >= 0 else { throw CAPIError(.invalidArgument, "drm_fd \(fd) is not an open file") }
        guard crtc != 0 else { throw CAPIError(.invalidArgument, "crtc_id is 0") }
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw CAPIError(.badBuffer, "a \(width)×\(height) plane (each side 1…16384: the CRTC's mode)")
        }
        let geometry: ScreenGeometry
        do {
            geometry = try ScreenGeometry(pixelWidth: Int(width), pixelHeight: Int(height), scale: scale, rotation: .none)
        } catch {
            throw CAPIError(.invalidArgument, "\(error)")
        }
        let kms: AppCommitPlane
        do throws(SystemError) {
            kms = try AppCommitPlane(fd: fd, crtc: crtc, width: Int(width), height: Int(height))
        } catch {
            // A CRTC not the card's: the app's mistake; no atomic KMS or no usable plane: the card's; else a failed call.
            let status: KHStatus = error.errno != nil ? .system
                : error.call == "drmModeGetResources" ? .invalidArgument : .unsupported
            throw CAPIError(status, "\(error)")
        }
        let layer: HUDLayerBuffer
        do {
            layer = try HUDLayerBuffer(geometry: geometry, byteOrder: .argb8888, style: stack.style)
        } catch {
            throw CAPIError(.badBuffer, "\(error)")
        }
        let plane = HandleRegistry.register(EmbeddedPlane(owner: stack, layer: layer, plane: kms), as: .plane)
        stack.plane = plane
        stack.frameRequest.request()
        out.pointee = plane
    }
}

@_cdecl("kh_plane_apply")
public func kh_plane_apply(_ handle: OpaquePointer?, _ request: OpaquePointer?, _ flags: UInt32,
                           _ planeID: UnsafeMutablePointer<UInt32>?) -> Int32 {
    capiCall("kh_plane_apply") { () throws(CAPIError) in
        let plane = try HandleRegistry.object(handle, .plane, as: EmbeddedPlane.self)
        try plane.owner.checkThread("kh_plane_apply")
        guard let request else { throw CAPIError(.invalidArgument, "req is NULL") }
        let known = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_ATOMIC_NONBLOCK | DRM_MODE_PAGE_FLIP_EVENT)
        guard flags & ~known == 0 else {
            throw CAPIError(.invalidArgument, "flags 0x\(String(flags, radix: 16)) are not the app's commit flags "
                            + "(DRM_MODE_ATOMIC_ALLOW_MODESET, DRM_MODE_ATOMIC_NONBLOCK, DRM_MODE_PAGE_FLIP_EVENT; never TEST_ONLY)")
        }
        let drawn = try plane.owner.draw(layer: plane.layer)
        plane.plane.changed(drawn.changed)
        do throws(SystemError) {
            let id = try plane.plane.apply(to: request,
                                           allowModeset: flags & UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) != 0,
                                           source: plane.layer.pixels)
            planeID?.pointee = id.rawValue
        } catch {
            // Every plane refused by the TEST_ONLY proof: the card cannot; else a failed call.
            throw CAPIError(error.call == "drmModeAtomicCommit" ? .unsupported : .system, "\(error)")
        }
    }
}

@_cdecl("kh_plane_commit_done")
public func kh_plane_commit_done(_ handle: OpaquePointer?) -> Int32 {
    capiCall("kh_plane_commit_done") { () throws(CAPIError) in
        let plane = try HandleRegistry.object(handle, .plane, as: EmbeddedPlane.self)
        try plane.owner.checkThread("kh_plane_commit_done")
        plane.plane.commitDone()
    }
}

@_cdecl("kh_plane_free")
public func kh_plane_free(_ handle: OpaquePointer?) -> Int32 {
    guard let handle else { return KHStatus.ok.rawValue }
    return capiCall("kh_plane_free") { () throws(CAPIError) in
        let plane = try HandleRegistry.object(handle, .plane, as: EmbeddedPlane.self)
        try plane.owner.checkThread("kh_plane_free")
        plane.owner.plane = nil
        HandleRegistry.unregister(handle, as: EmbeddedPlane.self)
    }
}
