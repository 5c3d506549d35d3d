import HUDCore
import HUDCore

/// A loop on a manual clock and a stack on it; shut down when the test ends.
final class ManualFixture: Sendable {
    let clock = ManualClock()
    let loop: EventLoop
    let stack: HUDStack

    init() throws {
        loop = try EventLoop(clock: clock)
        stack = HUDStack(loop: loop)
    }

    deinit { loop.shutdown() }

    var now: HUDInstant { clock.now() }

    func advance(_ seconds: Double) async { await loop.advance(by: .hudSeconds(seconds)) }

    /// The presentation of `hud` now, or nil when it is not drawn.
    func drawn(_ hud: HUD) async -> HUDPresentation? {
        await stack.snapshot().layers.first { $0.id == hud.id }?.presentation
    }
}

/// Records callbacks in order, from any thread.
final class CallLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ s: String) { entries.withLock { $0.append(s) } }
    var all: [String] { entries.withLock { $0 } }
    func count(_ s: String) -> Int { all.filter { $0 == s }.count }
}

final class RecordingDelegate: HUDDelegate {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    func hudWasHidden(_ hud: HUD) { log.record("delegate") }
}

extension HUD {
    /// Records completion and delegate calls into `log`.
    func recordCallbacks(into log: CallLog, delegate: RecordingDelegate) async {
        await setCompletion { log.record("completion") }
        await setDelegate(delegate)
    }
}
