#if canImport(Glibc)
import Glibc
#endif
import CDRM
import HUDCore
import HUDSystem

/// Reads back the frame the display controller composed (planes blended)
/// through a writeback connector, for tests: each capture asked for rides
/// on the next commit (`WRITEBACK_FB_ID` and `WRITEBACK_OUT_FENCE_PTR`),
/// and once its out-fence signals — watched on the loop — the buffer is
/// written to a binary PPM file. One capture at a time, and the next one at
/// least 50 ms after the last completed: vkms loses back-to-back captures.
public final class WritebackCapture: @unchecked Sendable {
    public let connector: ConnectorID
    private let card: DRMCard
    private let loop: EventLoop
    private let buffer: DumbBuffer
    private let fbProperty: PropertyID
    private let fenceProperty: PropertyID
    /// Where the kernel writes the out-fence fd: an address that stays put.
    private let fenceSlot = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private var waiting: [(path: String, done: @Sendable (SystemError?) -> Void)] = []
    private var inFlight: (path: String, done: @Sendable (SystemError?) -> Void)?
    private var fenceWatch: FDWatch?
    /// A fence that never signals (vkms can lose one) fails its capture after 2 s.
    private var fenceTimeout: ScheduledTimer?
    private var fence: OwnedFileDescriptor?
    private var lastCompleted: HUDInstant?
    /// Told when a capture is waiting for a commit to ride on.
    public var onNeedsCommit: (() -> Void)?

    /// A capture buffer of `width`×`height` for `connector` on `card`.
    /// - Throws: `SystemError` when the connector has no writeback properties.
    public init(card: DRMCard, connector: ConnectorID, width: Int, height: Int, loop: EventLoop) throws(SystemError) {
        let props = try card.properties(of: connector)
        guard let fb = props["WRITEBACK_FB_ID"], let fence = props["WRITEBACK_OUT_FENCE_PTR"] else {
            throw SystemError(call: "drmModeObjectGetProperties", subject: "\(card.path) connector \(connector)",
                              detail: "not a writeback connector (no WRITEBACK_FB_ID)")
        }
        self.card = card
        self.connector = connector
        self.loop = loop
        fbProperty = fb.id
        fenceProperty = fence.id
        buffer = try DumbBuffer(card: card, width: width, height: height)
        fenceSlot.pointee = -1
    }

    deinit {
        fenceTimeout?.cancel()
        fenceWatch?.cancel()
        fenceSlot.deallocate()
    }

    /// Asks for the next composed frame in `path`; `done` runs on the loop
    /// once it is written (nil) or failed.
    public func capture(to path: String, done: @escaping @Sendable (SystemError?) -> Void) {
        waiting.append((path, done))
        onNeedsCommit?()
        // No commit within 3 s to carry it (the display not ours, say): it fails rather than waits.
        _ = loop.schedule(after: .seconds(3)) { [weak self] in
            guard let self, let i = waiting.firstIndex(where: { $0.path == path }), inFlight?.path != path else { return }
            waiting.remove(at: i).done(SystemError(call: "drmModeAtomicCommit", subject: card.path,
                                                   detail: "no commit carried the capture to \(path) within 3 s"))
        }
    }

    /// Whether the next commit should carry a capture.
    public var wantsCommit: Bool {
        guard inFlight == nil, !waiting.isEmpty else { return false }
        if let last = lastCompleted, loop.now() - last < .milliseconds(50) { return false }
        return true
    }

    /// Adds the writeback properties to `request` when a capture is due.
    /// Returns whether it did; then call `committed()` or `commitFailed(_:)`.
    public func attach(to request: AtomicRequest) throws(SystemError) -> Bool {
        guard wantsCommit else { return false }
        fenceSlot.pointee = -1
        try request.set(connector, fbProperty, to: UInt64(buffer.framebuffer.rawValue))
        try request.set(connector, fenceProperty, to: UInt64(UInt(bitPattern: fenceSlot)))
        return true
    }

    /// The commit carrying the capture went in: watch its out-fence.
    public func committed() {
        guard !waiting.isEmpty else { return }
        let job = waiting.removeFirst()
        let fd = fenceSlot.pointee
        guard fd >= 0 else {
            job.done(SystemError(call: "drmModeAtomicCommit", subject: card.path, detail: "no writeback out-fence returned"))
            return
        }
        inFlight = job
        fence = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
        do {
            fenceWatch = try loop.watchReadable(fd: FileDescriptor(rawValue: fd)) { [weak self] in self?.fenceSignalled() }
            fenceTimeout = loop.schedule(after: .seconds(2)) { [weak self] in self?.fenceLost() }
        } catch {
            inFlight = nil
            fence = nil
            job.done(error)
        }
    }

    /// The commit was refused: the capture fails with its error.
    public func commitFailed(_ error: SystemError) {
        guard !waiting.isEmpty else { return }
        waiting.removeFirst().done(error)
    }

    private func fenceLost() {
        guard let job = inFlight else { return }
        fenceWatch?.cancel()
        fenceWatch = nil
        fence = nil
        inFlight = nil
        lastCompleted = loop.now()
        job.done(SystemError(call: "poll", subject: "\(card.path) writeback out-fence",
                             detail: "not signalled within 2 s; no frame read back"))
        if !waiting.isEmpty { onNeedsCommit?() }
    }

    private func fenceSignalled() {
        guard let job = inFlight else { return }
        fenceTimeout?.cancel()
        fenceTimeout = nil
        fenceWatch?.cancel()
        fenceWatch = nil
        fence = nil
        inFlight = nil
        lastCompleted = loop.now()
        let result = writePPM(to: job.path)
        job.done(result)
        if !waiting.isEmpty {
            // The next one waits out vkms's 50 ms, then asks for a commit.
            _ = loop.schedule(after: .milliseconds(60)) { [weak self] in self?.onNeedsCommit?() }
        }
    }

    /// The capture buffer as a binary PPM (P6, 8-bit RGB).
    private func writePPM(to path: String) -> SystemError? {
        let t = buffer.target
        var bytes = Array("P6\n\(t.width) \(t.height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + t.width * t.height * 3)
        for y in 0..<t.height {
            for x in 0..<t.width {
                let p = t.rgb(x: x, y: y)
                bytes.append(p.red)
                bytes.append(p.green)
                bytes.append(p.blue)
            }
        }
        do {
            try AtomicFile(path: path).write(bytes)
            return nil
        } catch {
            return error
        }
    }
}
