import Synchronization

/// The C handles that are alive, so a freed or foreign pointer is answered
/// with `KH_ERROR_INVALID_HANDLE` instead of being used.
enum HandleRegistry {
    private static let live = Mutex<[UInt: HandleKind]>([:])

    /// Retains `object` and returns its handle.
    static func register<T: AnyObject>(_ object: T, as kind: HandleKind) -> OpaquePointer {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        live.withLock { $0[UInt(bitPattern: pointer)] = kind }
        return OpaquePointer(pointer)
    }

    /// Forgets `handle` and releases its object.
    static func unregister<T: AnyObject>(_ handle: OpaquePointer, as type: T.Type) {
        let removed = live.withLock { $0.removeValue(forKey: UInt(bitPattern: UnsafeRawPointer(handle))) }
        if removed != nil { Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release() }
    }

    /// The object behind `handle` when it is a live handle of `kind`.
    static func object<T: AnyObject>(_ handle: OpaquePointer?, _ kind: HandleKind, as type: T.Type) throws(CAPIError) -> T {
        guard let handle else { throw CAPIError(.invalidArgument, "the \(kind) handle is NULL") }
        let found = live.withLock { $0[UInt(bitPattern: UnsafeRawPointer(handle))] }
        guard found == kind else {
            throw CAPIError(.invalidHandle, "\(handle) is not a live kh_\(kind) (freed, or not made by libkioskhud)")
        }
        return Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }
}
