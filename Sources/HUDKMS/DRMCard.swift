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
    /// The open card; readable when DRM events (page flips) wait.
    private let file: OwnedFileDescriptor
    /// The card's descriptor number, for libdrm calls.
    var fd: Int32 { file.rawValue }
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
        file = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
    }

    /// A duplicate of an app's open card `fd` (`F_DUPFD_CLOEXEC`): the same
    /// open file, so the same client caps, master and buffer handles; the
    /// duplicate is closed with this object, `fd` stays the app's.
    public init(duplicating fd: Int32) throws(SystemError) {
        path = "DRM fd \(fd)"
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw SystemError(call: "fcntl(F_DUPFD_CLOEXEC)", subject: path, errno: .current) }
        file = OwnedFileDescriptor(FileDescriptor(rawValue: copy))
    }

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
        public var connectors: [ConnectorID]
        public var encoders: [EncoderID]
        public var crtcs: [CRTCID]
    }

    public func resources() throws(SystemError) -> Resources {
        guard let res = drmModeGetResources(fd) else {
            throw SystemError(call: "drmModeGetResources", subject: path, errno: .current,
                           detail: errno == EOPNOTSUPP || errno == EINVAL ? "not a KMS device" : "")
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        return Resources(connectors: UnsafeBufferPointer(start: r.connectors, count: Int(r.count_connectors)).map { ConnectorID(rawValue: $0) },
                         encoders: UnsafeBufferPointer(start: r.encoders, count: Int(r.count_encoders)).map { EncoderID(rawValue: $0) },
                         crtcs: UnsafeBufferPointer(start: r.crtcs, count: Int(r.count_crtcs)).map { CRTCID(rawValue: $0) })
    }

    /// A connector from `drmModeGetConnector`.
    public struct Connector: Sendable {
        public var id: ConnectorID
        /// e.g. `Virtual-1`, `HDMI-A-1`.
        public var name: String
        public var isConnected: Bool
        public var modes: [DisplayMode]
        public var encoders: [EncoderID]
        public var currentEncoder: EncoderID
        /// The panel's width in millimetres (EDID), 0 when unknown.
        public var physicalWidthMillimetres: Int = 0
        /// A writeback connector (`DRM_MODE_CONNECTOR_WRITEBACK`): it reads frames back, it shows nothing.
        public var isWriteback = false
    }

    /// `drmModeGetConnector`, which makes the driver probe the connector
    /// (EDID, status); with `probe: false`, `drmModeGetConnectorCurrent`,
    /// the state from the last probe (the kernel probes when a driver loads).
    public func connector(_ id: ConnectorID, probe: Bool = true) throws(SystemError) -> Connector {
        guard let c = probe ? drmModeGetConnector(fd, id.rawValue) : drmModeGetConnectorCurrent(fd, id.rawValue) else {
            throw SystemError(call: probe ? "drmModeGetConnector" : "drmModeGetConnectorCurrent",
                           subject: "\(path) connector \(id)", errno: .current)
        }
        defer { drmModeFreeConnector(c) }
        let v = c.pointee
        let typeName = drmModeGetConnectorTypeName(v.connector_type).map { String(cString: $0) } ?? "Unknown"
        return Connector(id: id, name: "\(typeName)-\(v.connector_type_id)",
                         isConnected: v.connection == DRM_MODE_CONNECTED,
                         modes: UnsafeBufferPointer(start: v.modes, count: Int(v.count_modes)).map(DisplayMode.init),
                         encoders: UnsafeBufferPointer(start: v.encoders, count: Int(v.count_encoders)).map { EncoderID(rawValue: $0) },
                         currentEncoder: EncoderID(rawValue: v.encoder_id), physicalWidthMillimetres: Int(v.mmWidth),
                         isWriteback: v.connector_type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK))
    }

    /// `drmModeGetEncoder`: the CRTCs it can drive (a bit per index into
    /// `Resources.crtcs`) and the one it drives now (0 for none).
    public func encoder(_ id: EncoderID) throws(SystemError) -> (possibleCRTCs: UInt32, crtc: CRTCID) {
        guard let e = drmModeGetEncoder(fd, id.rawValue) else {
            throw SystemError(call: "drmModeGetEncoder", subject: "\(path) encoder \(id)", errno: .current)
        }
        defer { drmModeFreeEncoder(e) }
        return (e.pointee.possible_crtcs, CRTCID(rawValue: e.pointee.crtc_id))
    }

    /// A CRTC's current configuration (`drmModeGetCrtc`), to restore later.
    public struct CRTCState: Sendable {
        public var id: CRTCID
        public var framebuffer: FramebufferID
        public var x: UInt32
        public var y: UInt32
        public var mode: DisplayMode?
    }

    public func crtc(_ id: CRTCID) throws(SystemError) -> CRTCState {
        guard let c = drmModeGetCrtc(fd, id.rawValue) else {
            throw SystemError(call: "drmModeGetCrtc", subject: "\(path) crtc \(id)", errno: .current)
        }
        defer { drmModeFreeCrtc(c) }
        let v = c.pointee
        return CRTCState(id: id, framebuffer: FramebufferID(rawValue: v.buffer_id), x: v.x, y: v.y,
                         mode: v.mode_valid != 0 ? DisplayMode(v.mode) : nil)
    }

    /// A plane from `drmModeGetPlane` plus its `type` property.
    public struct Plane: Sendable {
        public var id: PlaneID
        public var possibleCRTCs: UInt32
        public var formats: [UInt32]
        /// `DRM_PLANE_TYPE_PRIMARY` etc.; primary when the driver has no `type`.
        public var type: UInt64
        public var isPrimary: Bool { type == UInt64(DRM_PLANE_TYPE_PRIMARY) }
        public var isOverlay: Bool { type == UInt64(DRM_PLANE_TYPE_OVERLAY) }
    }

    /// Every plane (`drmModeGetPlaneResources`); call `enableUniversalPlanes` first.
    public func planes() throws(SystemError) -> [Plane] {
        guard let res = drmModeGetPlaneResources(fd) else {
            throw SystemError(call: "drmModeGetPlaneResources", subject: path, errno: .current)
        }
        defer { drmModeFreePlaneResources(res) }
        var planes: [Plane] = []
        for raw in UnsafeBufferPointer(start: res.pointee.planes, count: Int(res.pointee.count_planes)) {
            let id = PlaneID(rawValue: raw)
            guard let p = drmModeGetPlane(fd, raw) else {
                throw SystemError(call: "drmModeGetPlane", subject: "\(path) plane \(id)", errno: .current)
            }
            defer { drmModeFreePlane(p) }
            let props = try properties(of: id)
            planes.append(Plane(id: id, possibleCRTCs: p.pointee.possible_crtcs,
                                formats: Array(UnsafeBufferPointer(start: p.pointee.formats, count: Int(p.pointee.count_formats))),
                                type: props["type"]?.value ?? UInt64(DRM_PLANE_TYPE_PRIMARY)))
        }
        return planes
    }

    /// A KMS property's id and current value.
    public struct Property: Sendable {
        public var id: PropertyID
        public var value: UInt64
    }

    /// An object's properties by name (`drmModeObjectGetProperties`): a
    /// connector's, a CRTC's or a plane's.
    public func properties<Kind>(of object: DRMObjectID<Kind>) throws(SystemError) -> [String: Property] {
        guard let props = drmModeObjectGetProperties(fd, object.rawValue, Kind.objectType) else {
            throw SystemError(call: "drmModeObjectGetProperties", subject: "\(path) object \(object)", errno: .current)
        }
        defer { drmModeFreeObjectProperties(props) }
        var result: [String: Property] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            let id = props.pointee.props[i]
            guard let name = propertyName(id) else { continue }
            result[name] = Property(id: PropertyID(rawValue: id), value: props.pointee.prop_values[i])
        }
        return result
    }

    /// What a property may hold (`drmModeGetProperty`): an enum's names and
    /// values, a range's bounds, and whether user space may change it.
    public struct PropertyDetails: Sendable {
        public var isImmutable: Bool
        /// A range property's bounds; nil for other kinds.
        public var range: ClosedRange<UInt64>?
        /// An enum property's values by name (`pixel blend mode`: `Pre-multiplied` …).
        public var enumValues: [String: UInt64]
    }

    /// `drmModeGetProperty` of `id`; nil when the driver has no such property.
    public func propertyDetails(_ id: PropertyID) -> PropertyDetails? {
        guard let prop = drmModeGetProperty(fd, id.rawValue) else { return nil }
        defer { drmModeFreeProperty(prop) }
        let p = prop.pointee
        var details = PropertyDetails(isImmutable: p.flags & UInt32(DRM_MODE_PROP_IMMUTABLE) != 0, range: nil, enumValues: [:])
        if p.flags & UInt32(DRM_MODE_PROP_RANGE) != 0, p.count_values >= 2, let v = p.values, v[0] <= v[1] {
            details.range = v[0]...v[1]
        }
        if p.flags & UInt32(DRM_MODE_PROP_ENUM) != 0, let enums = p.enums {
            for e in UnsafeBufferPointer(start: enums, count: Int(p.count_enums)) {
                let name = withUnsafeBytes(of: e.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                details.enumValues[name] = e.value
            }
        }
        return details
    }

    /// `DRM_CLIENT_CAP_WRITEBACK_CONNECTORS` (after `enableAtomic`): writeback
    /// connectors are listed, so a frame can be read back (tests).
    public func enableWriteback() -> Bool {
        drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0
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
        -> (handle: DumbBufferHandle, pitch: Int, size: Int) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let rc = drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), UInt32(bitsPerPixel), 0, &handle, &pitch, &size)
        guard rc == 0 else { throw .libdrm("drmModeCreateDumbBuffer", "\(path) \(width)x\(height)x\(bitsPerPixel)", result: rc) }
        return (DumbBufferHandle(rawValue: handle), Int(pitch), Int(size))
    }

    /// `drmModeMapDumbBuffer` + `mmap(PROT_READ|PROT_WRITE, MAP_SHARED)`.
    func mapDumbBuffer(handle: DumbBufferHandle, size: Int) throws(SystemError) -> UnsafeMutableRawPointer {
        var offset: UInt64 = 0
        let rc = drmModeMapDumbBuffer(fd, handle.rawValue, &offset)
        guard rc == 0 else { throw .libdrm("drmModeMapDumbBuffer", "\(path) handle \(handle)", result: rc) }
        let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let p, p != MAP_FAILED else { throw SystemError(call: "mmap", subject: "\(path) dumb buffer \(handle), \(size) bytes", errno: .current) }
        return p
    }

    /// `drmModeDestroyDumbBuffer`; errors are ignored (used on teardown).
    public func destroyDumbBuffer(handle: DumbBufferHandle) {
        _ = drmModeDestroyDumbBuffer(fd, handle.rawValue)
    }

    /// `drmModeAddFB2` with one plane of `format` (a DRM fourcc).
    public func addFramebuffer(width: Int, height: Int, format: UInt32, handle: DumbBufferHandle, pitch: Int) throws(SystemError) -> FramebufferID {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle.rawValue, 0, 0, 0)
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
        return FramebufferID(rawValue: id)
    }

    /// `drmModeRmFB`; errors are ignored (used on teardown).
    public func removeFramebuffer(_ id: FramebufferID) {
        _ = drmModeRmFB(fd, id.rawValue)
    }

    /// `drmModeCreatePropertyBlob` holding `mode` (for the CRTC's MODE_ID).
    public func createModeBlob(_ mode: DisplayMode) throws(SystemError) -> BlobID {
        var info = mode.info
        var blob: UInt32 = 0
        let rc = drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &blob)
        guard rc == 0 else { throw .libdrm("drmModeCreatePropertyBlob", "\(path) mode \(mode)", result: rc) }
        return BlobID(rawValue: blob)
    }

    /// `drmModeDestroyPropertyBlob`; errors are ignored.
    public func destroyBlob(_ id: BlobID) {
        _ = drmModeDestroyPropertyBlob(fd, id.rawValue)
    }

    // MARK: Commits

    /// `drmModeSetCrtc`: show `framebuffer` on `crtc` through `connector`
    /// (legacy modeset). A framebuffer of 0 with no connector turns the CRTC off.
    public func setCRTC(_ crtc: CRTCID, framebuffer: FramebufferID, x: UInt32 = 0, y: UInt32 = 0,
                        connector: ConnectorID?, mode: DisplayMode?) throws(SystemError) {
        var info = mode?.info ?? drmModeModeInfo()
        var conn = connector?.rawValue ?? 0
        let rc = withUnsafeMutablePointer(to: &conn) { conn in
            withUnsafeMutablePointer(to: &info) { info in
                drmModeSetCrtc(fd, crtc.rawValue, framebuffer.rawValue, x, y, connector == nil ? nil : conn,
                               connector == nil ? 0 : 1, mode == nil ? nil : info)
            }
        }
        guard rc == 0 else { throw .libdrm("drmModeSetCrtc", "\(path) crtc \(crtc) fb \(framebuffer)", result: rc) }
    }

    /// `drmModePageFlip(DRM_MODE_PAGE_FLIP_EVENT)`: scan out `framebuffer` at the
    /// next vblank; `sink` hears the flip event. The card keeps `sink` until then.
    public func pageFlip(_ crtc: CRTCID, framebuffer: FramebufferID, sink: PageFlipSink) throws(SystemError) {
        let rc = drmModePageFlip(fd, crtc.rawValue, framebuffer.rawValue, UInt32(DRM_MODE_PAGE_FLIP_EVENT), sink.pointer)
        guard rc == 0 else { throw .libdrm("drmModePageFlip", "\(path) crtc \(crtc) fb \(framebuffer)", result: rc) }
        awaitEvent(for: sink)
    }

    /// `drmModeAtomicCommit` of `request` with `flags`; with `.pageFlipEvent`
    /// `sink` hears the flip event, and the card keeps `sink` until then.
    public func commit(_ request: AtomicRequest, flags: AtomicCommitFlags, sink: PageFlipSink? = nil) throws(SystemError) {
        try commit(request.pointer, flags: flags, sink: sink)
    }

    /// `drmModeAtomicCommit` of a request someone else built (an app's, for a TEST_ONLY proof).
    public func commit(_ request: drmModeAtomicReqPtr, flags: AtomicCommitFlags, sink: PageFlipSink? = nil) throws(SystemError) {
        let wantsEvent = flags.contains(.pageFlipEvent)
        let rc = drmModeAtomicCommit(fd, request, flags.rawValue, wantsEvent ? sink?.pointer : nil)
        guard rc == 0 else {
            let test = flags.contains(.testOnly)
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
