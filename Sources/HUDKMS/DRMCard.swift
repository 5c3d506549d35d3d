#if canImport(Glibc)
import Glibc
#endif
import CDRM
import HUDSystem

/// An open DRM device node, `/dev/dri/cardN`: the one thin layer over libdrm
/// and the DRM ioctls. Every call throws a `SystemError` naming the C call.
///
/// Not thread-safe; use it from one thread (the display's event loop).
public final class DRMCard: @unchecked Sendable {
    public let path: String
    /// The open file descriptor; readable when DRM events (page flips) wait.
    public let fd: Int32
    /// Property names by id: ids name the same property for the card's whole
    /// life, so each is asked for once (`drmModeGetProperty`), not once per
    /// object per lookup (start-up did 84 of those ioctls).
    private var propertyNames: [UInt32: String] = [:]
    /// Sinks whose flip events have not been read yet (`awaitEvent(for:)`).
    private var sinksAwaitingEvents: [PageFlipSink] = []

    /// `open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)`.
    public init(path: String) throws(SystemError) {
        self.path = path
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError(call: "open", subject: path, errno: .current) }
        self.fd = fd
    }

    deinit { close(fd) }

    // MARK: Capabilities

    /// `drmSetClientCap(DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1)` then
    /// `DRM_CLIENT_CAP_ATOMIC`; false when the driver has no atomic support.
    public func enableAtomic() -> Bool {
        drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0
            && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
    }

    /// `drmSetClientCap(DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1)`, so primary planes are listed.
    @discardableResult
    public func enableUniversalPlanes() -> Bool {
        drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0
    }

    /// `drmGetCap(DRM_CAP_DUMB_BUFFER)`.
    public var supportsDumbBuffers: Bool {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &value) == 0 && value != 0
    }

    /// Whether `drmWaitVBlank` works (QEMU's bochs and virtio-gpu: EOPNOTSUPP).
    public func supportsVBlank(crtcIndex: Int) -> Bool {
        var vbl = drmVBlank()
        var type = DRM_VBLANK_RELATIVE.rawValue
        if crtcIndex == 1 { type |= DRM_VBLANK_SECONDARY.rawValue }
        else if crtcIndex > 1 { type |= (UInt32(crtcIndex) << 1) & 0x3e }  // DRM_VBLANK_HIGH_CRTC_SHIFT/_MASK
        vbl.request.type = drmVBlankSeqType(rawValue: type)
        vbl.request.sequence = 0
        return drmWaitVBlank(fd, &vbl) == 0
    }

    // MARK: Master

    /// `drmSetMaster`: take the right to change the display.
    public func setMaster() throws(SystemError) {
        guard drmSetMaster(fd) == 0 else { throw SystemError(call: "drmSetMaster", subject: path, errno: .current) }
    }

    /// `drmDropMaster`: give the display to another client (or the console).
    public func dropMaster() throws(SystemError) {
        guard drmDropMaster(fd) == 0 else { throw SystemError(call: "drmDropMaster", subject: path, errno: .current) }
    }

    // MARK: Objects

    /// IDs from `drmModeGetResources`.
    public struct Resources: Sendable {
        public var connectors: [UInt32]
        public var encoders: [UInt32]
        public var crtcs: [UInt32]
    }

    public func resources() throws(SystemError) -> Resources {
        guard let res = drmModeGetResources(fd) else {
            throw SystemError(call: "drmModeGetResources", subject: path, errno: .current,
                           detail: errno == EOPNOTSUPP || errno == EINVAL ? "not a KMS device" : "")
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        return Resources(connectors: Array(UnsafeBufferPointer(start: r.connectors, count: Int(r.count_connectors))),
                         encoders: Array(UnsafeBufferPointer(start: r.encoders, count: Int(r.count_encoders))),
                         crtcs: Array(UnsafeBufferPointer(start: r.crtcs, count: Int(r.count_crtcs))))
    }

    /// A connector from `drmModeGetConnector`.
    public struct Connector: Sendable {
        public var id: UInt32
        /// e.g. `Virtual-1`, `HDMI-A-1`.
        public var name: String
        public var isConnected: Bool
        public var modes: [DisplayMode]
        public var encoders: [UInt32]
        public var currentEncoder: UInt32
        /// The panel's width in millimetres (EDID), 0 when unknown.
        public var physicalWidthMillimetres: Int = 0
    }

    /// `drmModeGetConnector`, which makes the driver probe the connector
    /// (EDID, status); with `probe: false`, `drmModeGetConnectorCurrent`,
    /// the state from the last probe (the kernel probes when a driver loads).
    public func connector(_ id: UInt32, probe: Bool = true) throws(SystemError) -> Connector {
        guard let c = probe ? drmModeGetConnector(fd, id) : drmModeGetConnectorCurrent(fd, id) else {
            throw SystemError(call: probe ? "drmModeGetConnector" : "drmModeGetConnectorCurrent",
                           subject: "\(path) connector \(id)", errno: .current)
        }
        defer { drmModeFreeConnector(c) }
        let v = c.pointee
        let typeName = drmModeGetConnectorTypeName(v.connector_type).map { String(cString: $0) } ?? "Unknown"
        return Connector(id: id, name: "\(typeName)-\(v.connector_type_id)",
                         isConnected: v.connection == DRM_MODE_CONNECTED,
                         modes: UnsafeBufferPointer(start: v.modes, count: Int(v.count_modes)).map(DisplayMode.init),
                         encoders: Array(UnsafeBufferPointer(start: v.encoders, count: Int(v.count_encoders))),
                         currentEncoder: v.encoder_id, physicalWidthMillimetres: Int(v.mmWidth))
    }

    /// `drmModeGetEncoder`: the CRTCs it can drive (a bit per index into
    /// `Resources.crtcs`) and the one it drives now (0 for none).
    public func encoder(_ id: UInt32) throws(SystemError) -> (possibleCRTCs: UInt32, crtc: UInt32) {
        guard let e = drmModeGetEncoder(fd, id) else {
            throw SystemError(call: "drmModeGetEncoder", subject: "\(path) encoder \(id)", errno: .current)
        }
        defer { drmModeFreeEncoder(e) }
        return (e.pointee.possible_crtcs, e.pointee.crtc_id)
    }

    /// A CRTC's current configuration (`drmModeGetCrtc`), to restore later.
    public struct CRTCState: Sendable {
        public var id: UInt32
        public var framebuffer: UInt32
        public var x: UInt32
        public var y: UInt32
        public var mode: DisplayMode?
    }

    public func crtc(_ id: UInt32) throws(SystemError) -> CRTCState {
        guard let c = drmModeGetCrtc(fd, id) else {
            throw SystemError(call: "drmModeGetCrtc", subject: "\(path) crtc \(id)", errno: .current)
        }
        defer { drmModeFreeCrtc(c) }
        let v = c.pointee
        return CRTCState(id: id, framebuffer: v.buffer_id, x: v.x, y: v.y,
                         mode: v.mode_valid != 0 ? DisplayMode(v.mode) : nil)
    }

    /// A plane from `drmModeGetPlane` plus its `type` property.
    public struct Plane: Sendable {
        public var id: UInt32
        public var possibleCRTCs: UInt32
        public var formats: [UInt32]
        /// `DRM_PLANE_TYPE_PRIMARY` etc.; primary when the driver has no `type`.
        public var type: UInt64
        public var isPrimary: Bool { type == UInt64(DRM_PLANE_TYPE_PRIMARY) }
    }

    /// Every plane (`drmModeGetPlaneResources`); call `enableUniversalPlanes` first.
    public func planes() throws(SystemError) -> [Plane] {
        guard let res = drmModeGetPlaneResources(fd) else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: path, errno: .current)
        }
        defer { drmModeFreePlaneResources(res) }
        var planes: [Plane] = []
        for id in UnsafeBufferPointer(start: res.pointee.planes, count: Int(res.pointee.count_planes)) {
            guard let p = drmModeGetPlane(fd, id) else {
                throw SystemError(call: "drmModeGetPlane", subject: "\(path) plane \(id)", errno: .current)
            }
            defer { drmModeFreePlane(p) }
            let props = try properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            planes.append(Plane(id: id, possibleCRTCs: p.pointee.possible_crtcs,
                                formats: Array(UnsafeBufferPointer(start: p.pointee.formats, count: Int(p.pointee.count_formats))),
                                type: props["type"]?.value ?? UInt64(DRM_PLANE_TYPE_PRIMARY)))
        }
        return planes
    }

    /// A KMS property's id and current value.
    public struct Property: Sendable {
        public var id: UInt32
        public var value: UInt64
    }

    /// An object's properties by name (`drmModeObjectGetProperties`).
    /// `type` is `DRM_MODE_OBJECT_CONNECTOR`, `_CRTC` or `_PLANE`.
    public func properties(of object: UInt32, type: UInt32) throws(SystemError) -> [String: Property] {
        guard let props = drmModeObjectGetProperties(fd, object, type) else {
            throw SystemError(call: "drmModeObjectGetProperties", subject: "\(path) object \(object)", errno: .current)
        }
        defer { drmModeFreeObjectProperties(props) }
        var result: [String: Property] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            let id = props.pointee.props[i]
            guard let name = propertyName(id) else { continue }
            result[name] = Property(id: id, value: props.pointee.prop_values[i])
        }
        return result
    }

    /// The name of property `id` (`drmModeGetProperty`, once per id); nil if the driver has none.
    private func propertyName(_ id: UInt32) -> String? {
        if let known = propertyNames[id] { return known }
        guard let prop = drmModeGetProperty(fd, id) else { return nil }
        defer { drmModeFreeProperty(prop) }
        let name = withUnsafeBytes(of: prop.pointee.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        propertyNames[id] = name
        return name
    }

    // MARK: Buffers

    /// `drmModeCreateDumbBuffer`: returns handle, pitch (bytes per row) and size.
    public func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(SystemError)
        -> (handle: UInt32, pitch: Int, size: Int) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let rc = drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), UInt32(bitsPerPixel), 0, &handle, &pitch, &size)
        guard rc == 0 else { throw .libdrm("drmModeCreateDumbBuffer", "\(path) \(width)x\(height)x\(bitsPerPixel)", result: rc) }
        return (handle, Int(pitch), Int(size))
    }

    /// `drmModeMapDumbBuffer` + `mmap(PROT_READ|PROT_WRITE, MAP_SHARED)`.
    public func mapDumbBuffer(handle: UInt32, size: Int) throws(SystemError) -> UnsafeMutableRawPointer {
        var offset: UInt64 = 0
        let rc = drmModeMapDumbBuffer(fd, handle, &offset)
        guard rc == 0 else { throw .libdrm("drmModeMapDumbBuffer", "\(path) handle \(handle)", result: rc) }
        let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let p, p != MAP_FAILED else { throw SystemError(call: "mmap", subject: "\(path) dumb buffer \(handle), \(size) bytes", errno: .current) }
        return p
    }

    /// `drmModeDestroyDumbBuffer`; errors are ignored (used on teardown).
    public func destroyDumbBuffer(handle: UInt32) {
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }

    /// `drmModeAddFB2` with one plane of `format` (a DRM fourcc).
    public func addFramebuffer(width: Int, height: Int, format: UInt32, handle: UInt32, pitch: Int) throws(SystemError) -> UInt32 {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (UInt32(pitch), 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var id: UInt32 = 0
        let rc = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    h.withMemoryRebound(to: UInt32.self, capacity: 4) { h in
                        p.withMemoryRebound(to: UInt32.self, capacity: 4) { p in
                            o.withMemoryRebound(to: UInt32.self, capacity: 4) { o in
                                drmModeAddFB2(fd, UInt32(width), UInt32(height), format, h, p, o, &id, 0)
                            }
                        }
                    }
                }
            }
        }
        guard rc == 0 else { throw .libdrm("drmModeAddFB2", "\(path) \(width)x\(height)", result: rc) }
        return id
    }

    /// `drmModeRmFB`; errors are ignored (used on teardown).
    public func removeFramebuffer(_ id: UInt32) {
        _ = drmModeRmFB(fd, id)
    }

    /// `drmModeCreatePropertyBlob` holding `mode` (for the CRTC's MODE_ID).
    public func createModeBlob(_ mode: DisplayMode) throws(SystemError) -> UInt32 {
        var info = mode.info
        var blob: UInt32 = 0
        let rc = drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &blob)
        guard rc == 0 else { throw .libdrm("drmModeCreatePropertyBlob", "\(path) mode \(mode)", result: rc) }
        return blob
    }

    /// `drmModeDestroyPropertyBlob`; errors are ignored.
    public func destroyBlob(_ id: UInt32) {
        _ = drmModeDestroyPropertyBlob(fd, id)
    }

    // MARK: Commits

    /// `drmModeSetCrtc`: show `framebuffer` on `crtc` through `connector`
    /// (legacy modeset). A framebuffer of 0 with no connector turns the CRTC off.
    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: UInt32 = 0, y: UInt32 = 0,
                        connector: UInt32?, mode: DisplayMode?) throws(SystemError) {
        var info = mode?.info ?? drmModeModeInfo()
        var conn = connector ?? 0
        let rc = withUnsafeMutablePointer(to: &conn) { conn in
            withUnsafeMutablePointer(to: &info) { info in
                drmModeSetCrtc(fd, crtc, framebuffer, x, y, connector == nil ? nil : conn,
                               connector == nil ? 0 : 1, mode == nil ? nil : info)
            }
        }
        guard rc == 0 else { throw .libdrm("drmModeSetCrtc", "\(path) crtc \(crtc) fb \(framebuffer)", result: rc) }
    }

    /// `drmModePageFlip(DRM_MODE_PAGE_FLIP_EVENT)`: scan out `framebuffer` at the
    /// next vblank; `sink` hears the flip event. The card keeps `sink` until then.
    public func pageFlip(_ crtc: UInt32, framebuffer: UInt32, sink: PageFlipSink) throws(SystemError) {
        let rc = drmModePageFlip(fd, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), sink.pointer)
        guard rc == 0 else { throw .libdrm("drmModePageFlip", "\(path) crtc \(crtc) fb \(framebuffer)", result: rc) }
        awaitEvent(for: sink)
    }

    /// `drmModeAtomicCommit` of `request` with `flags` (`DRM_MODE_ATOMIC_*`,
    /// `DRM_MODE_PAGE_FLIP_EVENT`); with that flag `sink` hears the flip event,
    /// and the card keeps `sink` until then.
    public func commit(_ request: AtomicRequest, flags: UInt32, sink: PageFlipSink? = nil) throws(SystemError) {
        let wantsEvent = flags & UInt32(DRM_MODE_PAGE_FLIP_EVENT) != 0
        let rc = drmModeAtomicCommit(fd, request.pointer, flags, wantsEvent ? sink?.pointer : nil)
        guard rc == 0 else {
            let test = flags & UInt32(DRM_MODE_ATOMIC_TEST_ONLY) != 0
            throw .libdrm("drmModeAtomicCommit", "\(path)\(test ? " TEST_ONLY" : "")", result: rc)
        }
        if wantsEvent, let sink { awaitEvent(for: sink) }
    }

    /// The flip event's `user_data` is the sink's address: it must stay alive
    /// until the event is read, even if its display was dropped meanwhile (a
    /// head unplugged mid-flip), or the event would call into freed memory.
    private func awaitEvent(for sink: PageFlipSink) {
        sink.pendingEvents += 1
        if sink.pendingEvents == 1 { sinksAwaitingEvents.append(sink) }
    }

    // MARK: Events

    /// Reads pending DRM events (`drmHandleEvent`) and calls `PageFlipSink.pageFlipped`
    /// on the sink given to the flip or commit.
    /// Returns false when nothing was there to read (EAGAIN).
    @discardableResult
    public func dispatchEvents() throws(SystemError) -> Bool {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, sequence, seconds, microseconds, userData in
            guard let userData else { return }
            // Alive: `sinksAwaitingEvents` holds it until its events are read.
            let sink = Unmanaged<PageFlipSink>.fromOpaque(userData).takeUnretainedValue()
            sink.pendingEvents -= 1
            sink.pageFlipped(sequence: sequence, seconds: seconds, microseconds: microseconds)
        }
        defer { sinksAwaitingEvents.removeAll { $0.pendingEvents <= 0 } }
        errno = 0
        let rc = drmHandleEvent(fd, &context)
        if rc != 0 {
            if errno == EAGAIN || errno == EINTR { return false }
            throw SystemError(call: "drmHandleEvent", subject: path, errno: .current)
        }
        return true
    }
}
