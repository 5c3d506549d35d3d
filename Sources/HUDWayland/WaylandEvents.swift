internal import CWayland

/// Receives one proxy's events: the opcode and the arguments as
/// libwayland parsed them (`wl_proxy_add_dispatcher`). Kept alive by the
/// object that owns the proxy, for as long as the proxy lives.
final class WaylandEvents {
    let handle: (UInt32, UnsafeMutablePointer<wl_argument>?) -> Void

    init(_ handle: @escaping (UInt32, UnsafeMutablePointer<wl_argument>?) -> Void) { self.handle = handle }

    /// The one dispatcher every proxy of ours has: finds the `WaylandEvents`
    /// passed as its implementation and hands it the event.
    static let dispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, arguments in
        guard let implementation else { return 0 }
        Unmanaged<WaylandEvents>.fromOpaque(implementation).takeUnretainedValue().handle(opcode, arguments)
        return 0
    }
}
