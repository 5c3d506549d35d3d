internal import CLazyWayland
internal import CWayland
import Glibc
import HUDInput
import HUDSystem

/// One connection to a Wayland compositor (`wl_display_connect`), on the
/// daemon's loop: the registry, the globals the HUD uses (compositor, shm,
/// layer shell, outputs, seats), and the display's fd watched by the loop.
/// Outputs are tracked from `wl_registry` globals (sway up to 1.10 and
/// labwc 0.8 remove an output without sending `closed` to its surfaces).
public final class WaylandConnection: @unchecked Sendable {
    let display: OpaquePointer
    private let registry: WaylandProxy
    private var registryEvents: WaylandEvents!
    private(set) var compositor: WaylandProxy?
    private(set) var shm: WaylandProxy?
    private(set) var layerShell: WaylandProxy?
    /// viewporter and fractional-scale-v1, when the compositor offers both: surfaces drawn at the output's fractional scale.
    private(set) var viewporter: WaylandProxy?
    private(set) var fractionalScaleManager: WaylandProxy?
    var offersFractionalScale: Bool { viewporter != nil && fractionalScaleManager != nil }
    private var outputProxies: [UInt32: (proxy: WaylandProxy, events: WaylandEvents)] = [:]
    /// Outputs by global name, once their first `done` came.
    public private(set) var outputs: [UInt32: WaylandOutputInfo] = [:]
    private var pendingOutputs: [UInt32: WaylandOutputInfo] = [:]
    private var seats: [UInt32: WaylandSeat] = [:]
    private var watch: FDWatch?
    /// The output set or an output's size changed (on the loop).
    public var onOutputsChanged: (() -> Void)?
    /// The compositor hung up or the connection broke (on the loop, once, after the call that found it).
    public var onLost: ((WaylandError) -> Void)?
    /// Pointer and touch input on one of our surfaces (surface-local points).
    var onPointer: ((WaylandPointerEvent) -> Void)?
    /// Keys typed while one of our surfaces has the keyboard.
    var onKey: ((KeyPress) -> Void)?
    /// A keyboard's keymap could not be used (what went wrong).
    var onKeyboardError: ((String) -> Void)?
    /// Whether a seat has a keyboard: prompts can be answered.
    var hasKeyboard: Bool { seats.values.contains { $0.hasKeyboard } }
    private var lost = false
    private let loop: EventLoop

    /// Connects to `socket` (a name in `$XDG_RUNTIME_DIR` or an absolute
    /// path; nil: `$WAYLAND_DISPLAY`, else `wayland-0`), loading
    /// libwayland-client first, and waits for the globals (two roundtrips).
    /// - Throws: `WaylandError` naming what is missing.
    public init(socket: String?, loop: EventLoop) throws(WaylandError) {
        self.loop = loop
        if let failure = kiosk_wayland_try_load() { throw .libraryMissing(String(cString: failure)) }
        guard let display = socket.withOptionalCString({ wl_display_connect($0) }) else {
            throw .noCompositor("\(socket ?? "$WAYLAND_DISPLAY"): \(String(cString: strerror(errno)))")
        }
        self.display = display
        guard let registry = WaylandProxy(pointer: display).request(1, [.newID], creating: WaylandInterface.registry) else {
            wl_display_disconnect(display)
            throw .connectionLost("wl_display.get_registry failed")
        }
        self.registry = registry
        registryEvents = WaylandEvents { [unowned self] opcode, args in self.registryEvent(opcode, args) }
        registry.listen(registryEvents)
        // From here on the object is whole: a throw runs deinit, which disconnects.
        // Globals, then what the bound outputs and seats say about themselves.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw .connectionLost("roundtrip: \(String(cString: strerror(errno)))")
        }
        for (interface, proxy) in [("wl_compositor", compositor), ("wl_shm", shm), ("zwlr_layer_shell_v1", layerShell)] where proxy == nil {
            throw .missingGlobal(interface)
        }
        do {
            watch = try loop.watchReadable(fd: FileDescriptor(rawValue: wl_display_get_fd(display))) { [weak self] in
                self?.readable()
            }
        } catch {
            throw .connectionLost("watching the display's fd: \(error)")
        }
    }

    deinit {
        watch?.cancel()
        wl_display_disconnect(display)
    }

    /// The bound `wl_output` of the global `name`.
    func outputProxy(_ name: UInt32) -> WaylandProxy? { outputProxies[name]?.proxy }

    /// Sends what is queued (`wl_display_flush`); a broken connection is reported once.
    public func flush() {
        if wl_display_flush(display) < 0, errno != EAGAIN { fail("flush: \(String(cString: strerror(errno)))") }
    }

    /// Reads and dispatches what arrived (the loop calls it when the fd is readable).
    private func readable() {
        while wl_display_prepare_read(display) != 0 { _ = wl_display_dispatch_pending(display) }
        if wl_display_read_events(display) < 0 {
            fail("reading events: \(String(cString: strerror(errno)))")
            return
        }
        if wl_display_dispatch_pending(display) < 0 {
            fail("dispatching events: \(String(cString: strerror(errno)))")
            return
        }
        flush()
    }

    private func fail(_ what: String) {
        guard !lost else { return }
        lost = true
        watch?.cancel()
        watch = nil
        var detail = what
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let error = wl_display_get_protocol_error(display, &interface, &id)
            detail = "protocol error \(error) on \(interface.map { String(cString: $0.pointee.name) } ?? "?") \(id)"
        } else if code != 0 {
            detail = "\(what) (\(String(cString: strerror(code))))"
        }
        // Said from the loop, never from inside the call that found it (a flush in
        // the middle of a frame: the owner drops its heads and this connection then).
        let error = WaylandError.connectionLost(detail)
        loop.execute { [weak self] in self?.onLost?(error) }
    }

    // MARK: Registry

    private func registryEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>?) {
        guard let args else { return }
        switch opcode {
        case 0:  // global(name, interface, version)
            let name = args[0].u, version = args[2].u
            guard let s = args[1].s else { return }
            let interface = String(cString: s)
            switch interface {
            case "wl_compositor" where version >= 4: compositor = bind(name, WaylandInterface.compositor, min(version, 4))
            case "wl_shm": shm = bind(name, WaylandInterface.shm, 1)
            case "zwlr_layer_shell_v1": layerShell = bind(name, WaylandInterface.layerShell, min(version, 4))
            case "wp_viewporter": viewporter = bind(name, WaylandInterface.viewporter, 1)
            case "wp_fractional_scale_manager_v1": fractionalScaleManager = bind(name, WaylandInterface.fractionalScaleManager, 1)
            case "wl_output": addOutput(name, version: min(version, 4))
            case "wl_seat":
                if let proxy = bind(name, WaylandInterface.seat, min(version, 5)) {
                    let seat = WaylandSeat(proxy) { [unowned self] event in self.onPointer?(event) }
                    seat.onKey = { [unowned self] key in self.onKey?(key) }
                    seat.onKeyboardError = { [unowned self] why in self.onKeyboardError?(why) }
                    seats[name] = seat
                }
            default: break
            }
        case 1:  // global_remove(name)
            let name = args[0].u
            if let o = outputProxies.removeValue(forKey: name) {
                if o.proxy.version >= 3 { o.proxy.request(0, destroying: true) } else { o.proxy.destroy() }
                pendingOutputs[name] = nil
                if outputs.removeValue(forKey: name) != nil { onOutputsChanged?() }
            }
            seats.removeValue(forKey: name)?.release()
        default: break
        }
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> WaylandProxy? {
        registry.request(0, [.uint(name), wl_argument(s: interface.pointee.name), .uint(version), .newID],
                         creating: interface, version: version)
    }

    private func addOutput(_ name: UInt32, version: UInt32) {
        guard let proxy = bind(name, WaylandInterface.output, version) else { return }
        pendingOutputs[name] = WaylandOutputInfo(globalName: name)
        let events = WaylandEvents { [unowned self] opcode, args in self.outputEvent(name, opcode, args, version: version) }
        proxy.listen(events)
        outputProxies[name] = (proxy, events)
    }

    private func outputEvent(_ global: UInt32, _ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>?, version: UInt32) {
        guard let args else { return }
        var info = pendingOutputs[global] ?? outputs[global] ?? WaylandOutputInfo(globalName: global)
        switch opcode {
        case 1:  // mode(flags, width, height, refresh): the current one
            if args[0].u & 1 != 0 {
                info.pixelWidth = Int(args[1].i)
                info.pixelHeight = Int(args[2].i)
            }
        case 3: info.scale = max(1, Int(args[0].i))  // scale(factor), version 2
        case 4: info.name = args[0].s.map { String(cString: $0) }  // name, version 4
        default: break
        }
        pendingOutputs[global] = info
        // done (version 2): the batch is complete. Version 1 has no done: every event completes it.
        if opcode == 2 || version < 2 {
            let changed = outputs[global] != info
            outputs[global] = info
            if changed, info.pixelWidth > 0, info.pixelHeight > 0 { onOutputsChanged?() }
        }
    }
}

extension Optional where Wrapped == String {
    func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let s): return s.withCString(body)
        case .none: return body(nil)
        }
    }
}
