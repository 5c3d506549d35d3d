internal import CWayland
import Glibc
import HUDCore
import HUDFrames
import HUDSystem

/// The HUD on one output's `overlay` layer: a `Scanout` whose buffers are
/// `wl_shm` buffers and whose presentations are surface commits, paced by
/// frame callbacks. The layer surface exists only while something is shown
/// (`release` destroys it: a mapped overlay surface would stop the kiosk
/// app's direct scan-out); its input region is the whole output unless
/// `passesInput` (then empty: touches reach the app below). Where the
/// compositor offers fractional-scale and viewporter, the buffers (the
/// output's pixels) are shown at the surface's logical size through a
/// viewport and `onPreferredScale` says the scale to draw at; elsewhere the
/// integer buffer scale.
final class WaylandScanout: Scanout, @unchecked Sendable {
    let buffers: [PixelBuffer]
    let refreshRate: Double? = nil
    private(set) var front: Int?
    let info: WaylandOutputInfo
    private let connection: WaylandConnection
    private let loop: EventLoop
    private let output: WaylandProxy
    private let shmBuffers: [WaylandShmBuffer]
    private let passesInput: Bool
    private var surface: WaylandProxy?
    /// The surface's viewport and fractional-scale objects (fractional scaling only).
    private var viewport: WaylandProxy?
    private var fractionalScale: (proxy: WaylandProxy, events: WaylandEvents)?
    /// Whether the surface takes the keyboard (exclusively: a prompt asks for
    /// keys, and the app below gets none meanwhile); applied with the next commit.
    var takesKeyboard = false
    /// What the layer surface was last told (`set_keyboard_interactivity`).
    private var keyboardSent = false
    /// The compositor's preferred scale for the surface (fractional scaling), as it said it.
    var onPreferredScale: ((Double) -> Void)?
    private var layerSurface: (proxy: WaylandProxy, events: WaylandEvents)?
    private var configured = false
    /// A presentation waiting for the first configure: its buffer and damage.
    private var waiting: (index: Int, damage: PixelRect)?
    private var callback: (proxy: WaylandProxy, events: WaylandEvents)?
    /// Ends a presentation whose frame callback does not come: compositors
    /// stop them while the surface is not visible (its output off or
    /// covered), and the frame loop must not wait on that.
    private var callbackTimeout: ScheduledTimer?
    /// How long a frame callback may take before the presentation counts as done (the daemon's clock).
    static let frameCallbackTimeout: Duration = .milliseconds(250)
    private var onPresented: (() -> Void)?
    /// The surface, while mapped: pointer events name it.
    var surfacePointer: OpaquePointer? { surface?.pointer }

    init(connection: WaylandConnection, loop: EventLoop, output: WaylandProxy, info: WaylandOutputInfo, passesInput: Bool,
         bufferCount: Int = 2) throws(WaylandError) {
        guard let shm = connection.shm else { throw .missingGlobal("wl_shm") }
        self.connection = connection
        self.loop = loop
        self.output = output
        self.info = info
        self.passesInput = passesInput
        var made: [WaylandShmBuffer] = []
        for _ in 0..<bufferCount { made.append(try WaylandShmBuffer(shm: shm, width: info.pixelWidth, height: info.pixelHeight)) }
        shmBuffers = made
        buffers = made.map(\.pixels)
    }

    deinit { unmap() }

    func start(onPresented: @escaping () -> Void) throws(SystemError) { self.onPresented = onPresented }

    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        if surface == nil { map() }
        guard configured else {
            waiting = (index, waiting.map { $0.damage.union(damage) } ?? damage)
            return .pending
        }
        commit(index, damage: damage)
        return .pending
    }

    /// The layer surface, set up and committed without a buffer; the compositor answers with `configure`.
    private func map() {
        guard let compositor = connection.compositor, let shell = connection.layerShell,
              let s = compositor.request(0, [.newID], creating: WaylandInterface.surface) else { return }
        surface = s
        if passesInput, let region = compositor.request(1, [.newID], creating: WaylandInterface.region) {
            s.request(5, [.object(region)])  // set_input_region(empty)
            region.request(0, destroying: true)
        }
        if connection.offersFractionalScale, let viewporter = connection.viewporter,
           let manager = connection.fractionalScaleManager {
            viewport = viewporter.request(1, [.newID, .object(s)], creating: WaylandInterface.viewport)  // get_viewport
            if let f = manager.request(1, [.newID, .object(s)], creating: WaylandInterface.fractionalScale) {  // get_fractional_scale
                let events = WaylandEvents { [unowned self] opcode, args in
                    if opcode == 0, let args { self.onPreferredScale?(Double(args[0].u) / 120) }  // preferred_scale, 120ths
                }
                f.listen(events)
                fractionalScale = (f, events)
            }
        } else {
            s.request(8, [.int(Int32(info.scale))])  // set_buffer_scale
        }
        guard let layer = "kioskhud".withCString({ namespace in
            shell.request(0, [.newID, .object(s), .object(output), .uint(3 /* overlay */), wl_argument(s: namespace)],
                          creating: WaylandInterface.layerSurface)
        }) else { return }
        let events = WaylandEvents { [unowned self] opcode, args in self.layerEvent(opcode, args) }
        layer.listen(events)
        layerSurface = (layer, events)
        layer.request(0, [.uint(0), .uint(0)])  // set_size: the compositor's (the output's logical size, in configure)
        layer.request(1, [.uint(15)])  // set_anchor: all four edges
        layer.request(2, [.int(-1)])  // set_exclusive_zone: over panels too
        keyboardSent = takesKeyboard
        layer.request(4, [.uint(takesKeyboard ? 1 : 0)])  // set_keyboard_interactivity: exclusive while a prompt is up, else none
        configured = false
        s.request(6)  // commit, no buffer
        connection.flush()
    }

    private func layerEvent(_ opcode: UInt32, _ args: UnsafeMutablePointer<wl_argument>?) {
        switch opcode {
        case 0:  // configure(serial, width, height)
            guard let args, let layer = layerSurface?.proxy else { return }
            layer.request(6, [.uint(args[0].u)])  // ack_configure
            // The whole buffer shown at the surface's logical size (fractional scaling).
            if let viewport, args[1].u > 0, args[2].u > 0 {
                viewport.request(2, [.int(Int32(args[1].u)), .int(Int32(args[2].u))])  // set_destination
            }
            configured = true
            if let w = waiting {
                waiting = nil
                commit(w.index, damage: PixelRect(x: 0, y: 0, width: info.pixelWidth, height: info.pixelHeight).union(w.damage))
            } else {
                connection.flush()
            }
        case 1:  // closed: the output is going; the connection's registry removes it
            _ = try? release()
        default: break
        }
    }

    /// Attaches buffer `index`, damages what changed, asks for a frame callback and commits.
    private func commit(_ index: Int, damage: PixelRect) {
        guard let s = surface else { return }
        if takesKeyboard != keyboardSent, let layer = layerSurface?.proxy {
            keyboardSent = takesKeyboard
            layer.request(4, [.uint(takesKeyboard ? 1 : 0)])  // set_keyboard_interactivity
        }
        let buffer = shmBuffers[index]
        s.request(1, [.object(buffer.proxy), .int(0), .int(0)])  // attach
        let d = damage.isEmpty ? PixelRect(x: 0, y: 0, width: 1, height: 1) : damage
        s.request(9, [.int(Int32(d.x)), .int(Int32(d.y)), .int(Int32(d.width)), .int(Int32(d.height))])  // damage_buffer
        if callback == nil, let cb = s.request(3, [.newID], creating: WaylandInterface.callback) {  // frame
            let events = WaylandEvents { [unowned self] opcode, _ in if opcode == 0 { self.frameDone() } }
            cb.listen(events)
            callback = (cb, events)
            callbackTimeout = loop.schedule(after: Self.frameCallbackTimeout) { [weak self] in
                guard let self, self.callback != nil else { return }
                self.timeoutsTaken += 1
                self.frameDone()
            }
        }
        buffer.busy = true
        s.request(6)  // commit
        front = index
        connection.flush()
    }

    /// Presentations ended by `frameCallbackTimeout` rather than by their frame callback.
    private(set) var timeoutsTaken = 0

    private func frameDone() {
        callbackTimeout?.cancel()
        callbackTimeout = nil
        callback?.proxy.destroy()
        callback = nil
        onPresented?()
    }

    /// Destroys the layer surface and the surface: nothing of ours is mapped.
    private func unmap() {
        callbackTimeout?.cancel()
        callbackTimeout = nil
        callback?.proxy.destroy()
        callback = nil
        layerSurface?.proxy.request(7, destroying: true)
        layerSurface = nil
        viewport?.request(0, destroying: true)
        viewport = nil
        fractionalScale?.proxy.request(0, destroying: true)
        fractionalScale = nil
        surface?.request(0, destroying: true)
        surface = nil
        configured = false
        waiting = nil
        front = nil
        connection.flush()
    }

    func release() throws(SystemError) -> Bool {
        let pending = callback != nil || waiting != nil
        unmap()
        // A frame callback of the destroyed surface never comes: the presentation is over (said from the loop, not from inside this call).
        if pending { loop.execute { [weak self] in self?.onPresented?() } }
        return true
    }

    func suspend() {}
    func resume() {}
    func setWakesOnCompletion(_ wakes: Bool) {}
    func collectCompletions() {}
    func waitForCompletion(timeout: Duration) {}

    func stop(retainingPicture: Bool) throws(SystemError) {
        if !retainingPicture { unmap() }
    }
}
