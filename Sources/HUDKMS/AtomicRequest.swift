#if canImport(Glibc)
import Glibc
#endif
import CDRM
import HUDSystem

/// A list of property changes committed together (`drmModeAtomicReq`).
public final class AtomicRequest {
    let pointer: drmModeAtomicReqPtr

    /// `drmModeAtomicAlloc`.
    public init() throws(SystemError) {
        guard let p = drmModeAtomicAlloc() else { throw SystemError(call: "drmModeAtomicAlloc", errno: Errno(rawValue: ENOMEM)) }
        pointer = p
    }

    deinit { drmModeAtomicFree(pointer) }

    /// `drmModeAtomicAddProperty`: `object`'s `property` becomes `value`.
    public func set<Kind>(_ object: DRMObjectID<Kind>, _ property: PropertyID, to value: UInt64) throws(SystemError) {
        let rc = drmModeAtomicAddProperty(pointer, object.rawValue, property.rawValue, value)
        guard rc >= 0 else { throw .libdrm("drmModeAtomicAddProperty", "object \(object) property \(property)", result: rc) }
    }

    /// Drops every change so the request can be filled again (`drmModeAtomicSetCursor(0)`).
    public func clear() { drmModeAtomicSetCursor(pointer, 0) }
}
