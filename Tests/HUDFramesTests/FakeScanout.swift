import HUDCore
import HUDFrames

/// A scanout whose presentations complete when the test says (or after a
/// set delay on the loop), that can fail its next presentations, and that
/// logs every call the frame loop makes. Used only on the loop's thread.
final class FakeScanout: Scanout, @unchecked Sendable {
    let buffers: [PixelBuffer]
    let refreshRate: Double?
    private(set) var front: Int?
    /// What the loop asked of it, in order: "present 0", "release", "wakes false", ...
    private(set) var calls: [String] = []
    private(set) var presentTimes: [HUDInstant] = []
    /// Thrown by the next presentations, first first.
    var failures: [SystemError] = []
    /// `.pending` presentations complete after this long; nil: only through `complete()`.
    var completesAfter: Duration?
    /// What `release` answers (KMS gives the screen back: true).
    var releases = true
    private(set) var inFlight = false
    /// The completion event came while the loop asked not to be woken: it waits unread.
    private(set) var completionUnread = false
    private var wakes = true
    private var onPresented: (() -> Void)?
    private let loop: EventLoop
    private let memory: MemoryScanout

    init(loop: EventLoop, refreshRate: Double? = 60, buffers count: Int = 2) {
        self.loop = loop
        self.refreshRate = refreshRate
        memory = MemoryScanout(width: 8, height: 8, count: count)
        buffers = memory.buffers
    }

    var presentations: Int { presentTimes.count }

    func start(onPresented: @escaping () -> Void) {
        calls.append("start")
        self.onPresented = onPresented
    }

    func present(_ index: Int, damage: PixelRect) throws(SystemError) -> ScanoutPresentation {
        precondition(!inFlight, "present while a presentation is pending")
        if !failures.isEmpty {
            calls.append("present \(index) failed")
            throw failures.removeFirst()
        }
        calls.append("present \(index)")
        presentTimes.append(loop.now())
        front = index
        inFlight = true
        if let completesAfter {
            loop.schedule(after: completesAfter) { [self] in complete() }
        }
        return .pending
    }

    /// The presentation's completion event arrives: handed over at once
    /// when the loop wants to be woken, else left for `collectCompletions`.
    func complete() {
        guard inFlight else { return }
        if wakes {
            inFlight = false
            onPresented?()
        } else {
            completionUnread = true
        }
    }

    func release() -> Bool {
        calls.append("release")
        if releases { front = nil }
        return releases
    }

    func suspend() { calls.append("suspend") }
    func resume() { calls.append("resume") }

    func setWakesOnCompletion(_ wakes: Bool) {
        calls.append("wakes \(wakes)")
        self.wakes = wakes
        if wakes, completionUnread {
            completionUnread = false
            inFlight = false
            onPresented?()
        }
    }

    func collectCompletions() {
        calls.append("collect")
        guard completionUnread else { return }
        completionUnread = false
        inFlight = false
        onPresented?()
    }

    func waitForCompletion(timeout: Duration) {
        calls.append("wait")
        if completionUnread || inFlight { complete() }
    }

    func stop(retainingPicture: Bool) {
        calls.append(retainingPicture ? "stop retaining" : "stop")
    }
}

/// Paints nothing real: records each paint and returns its damage — all of
/// the buffer after `invalidateAll` (or the first time), else `damage`.
final class FakePainter: FramePainter, @unchecked Sendable {
    var onNeedsFrame: (@Sendable () -> Void)?
    var lastFrameComplete = true
    /// What a paint of an already painted buffer reports as repainted.
    var damage = PixelRect(x: 0, y: 0, width: 2, height: 2)
    private(set) var paints: [(index: Int, region: PixelRect, visible: Bool)] = []
    private(set) var invalidations = 0
    private(set) var presentedCalls = 0
    private var painted: Set<Int> = []

    func paint(_ snapshot: HUDSnapshot, into buffer: PixelBuffer, index: Int, front: Int?) -> PixelRect {
        let region = painted.contains(index) ? damage : PixelRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        painted.insert(index)
        paints.append((index, region, snapshot.layers.contains { $0.presentation.isVisible }))
        if !region.isEmpty {
            // Something the test can read back from the buffer.
            buffer.base.storeBytes(of: UInt32(paints.count), toByteOffset: 0, as: UInt32.self)
        }
        return region
    }

    func framePresented() { presentedCalls += 1 }

    func invalidateAll() {
        invalidations += 1
        painted.removeAll()
    }
}

/// The picture the tests show: one HUD, visible or not, static, animating
/// (a new frame wanted at once) or changing after a while (a spinner step).
final class Scene: @unchecked Sendable {
    var visible = true
    var animating = false
    var nextChangeAfter: Duration?
    var generation = 0

    func snapshot(at time: HUDInstant) -> HUDSnapshot {
        let layer = HUDLayer(id: 1, configuration: HUDConfiguration(), presentation: .shown())
        let next = animating ? time : nextChangeAfter.map { time + $0 }
        return HUDSnapshot(time: time, layers: visible ? [layer] : [], nextChange: next, generation: generation)
    }
}

extension EventLoop {
    /// Runs `body` on the loop's thread and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { done in execute { done.resume(returning: body()) } }
    }
}
