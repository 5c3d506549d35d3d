internal import CLazyWayland
internal import CWayland

/// One protocol object (`struct wl_proxy *`): requests marshalled from
/// argument arrays (`wl_proxy_marshal_array_flags`), events to a `WaylandEvents`.
struct WaylandProxy {
    let pointer: OpaquePointer

    /// Sends request `opcode` with `arguments`. With `creating` it makes the
    /// new object of that interface (its `new_id` argument is in `arguments`,
    /// 0), of this proxy's version unless `version` says; `destroying` ends this proxy.
    @discardableResult
    func request(_ opcode: UInt32, _ arguments: [wl_argument] = [], creating interface: UnsafePointer<wl_interface>? = nil,
                 version: UInt32? = nil, destroying: Bool = false) -> WaylandProxy? {
        var args = arguments
        let made = args.withUnsafeMutableBufferPointer { buffer in
            wl_proxy_marshal_array_flags(pointer, opcode, interface, version ?? wl_proxy_get_version(pointer),
                                         destroying ? UInt32(WL_MARSHAL_FLAG_DESTROY) : 0, buffer.baseAddress)
        }
        return made.map(WaylandProxy.init(pointer:))
    }

    /// Delivers this proxy's events to `events` (which the caller keeps alive).
    func listen(_ events: WaylandEvents) {
        _ = wl_proxy_add_dispatcher(pointer, WaylandEvents.dispatcher, Unmanaged.passUnretained(events).toOpaque(), nil)
    }

    /// Forgets the proxy without a request (`wl_proxy_destroy`), for objects
    /// whose interface has no destructor request at the bound version.
    func destroy() { wl_proxy_destroy(pointer) }

    var version: UInt32 { wl_proxy_get_version(pointer) }
}

extension wl_argument {
    static func uint(_ v: UInt32) -> wl_argument { wl_argument(u: v) }
    static func int(_ v: Int32) -> wl_argument { wl_argument(i: v) }
    static func object(_ p: WaylandProxy?) -> wl_argument { wl_argument(o: p?.pointer) }
    static var newID: wl_argument { wl_argument(n: 0) }
    static func fd(_ v: Int32) -> wl_argument { wl_argument(h: v) }
}

/// The interfaces the HUD binds, libwayland's tables and ours (layer shell).
enum WaylandInterface {
    static var registry: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_REGISTRY) }
    static var callback: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_CALLBACK) }
    static var compositor: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_COMPOSITOR) }
    static var surface: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_SURFACE) }
    static var region: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_REGION) }
    static var shm: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_SHM) }
    static var shmPool: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_SHM_POOL) }
    static var buffer: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_BUFFER) }
    static var output: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_OUTPUT) }
    static var seat: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_SEAT) }
    static var pointer: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_POINTER) }
    static var touch: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_TOUCH) }
    static var keyboard: UnsafePointer<wl_interface> { kiosk_wl_core_interface(KIOSK_WL_KEYBOARD) }
    static var layerShell: UnsafePointer<wl_interface> { kiosk_layer_shell_interface() }
    static var layerSurface: UnsafePointer<wl_interface> { kiosk_layer_surface_interface() }
    static var viewporter: UnsafePointer<wl_interface> { kiosk_viewporter_interface() }
    static var viewport: UnsafePointer<wl_interface> { kiosk_viewport_interface() }
    static var fractionalScaleManager: UnsafePointer<wl_interface> { kiosk_fractional_scale_manager_interface() }
    static var fractionalScale: UnsafePointer<wl_interface> { kiosk_fractional_scale_interface() }
}
