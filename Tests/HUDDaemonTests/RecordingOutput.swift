import HUDCore
import HUDDaemon

/// A `HUDOutput` that draws nothing and records what the daemon asks of it
/// (on the loop). With `releasesAtOnce` false, `deactivate` leaves the
/// display held until the test calls `finishRelease()`, as an output whose
/// last flip has not landed yet: the deactivate ACK must wait for it.
final class RecordingOutput: HUDOutput, @unchecked Sendable {
    private let state = Locked<(calls: [String], held: Bool)>(([], true))
    private let releasesAtOnce: Bool

    init(releasesAtOnce: Bool = true) { self.releasesAtOnce = releasesAtOnce }

    /// `start`, `deactivate`, `reactivate`, `stop(retain: Bool)`, in order.
    var calls: [String] { state.withLock { $0.calls } }
    var summary: String { "recording" }
    var framesDrawn: Int { 0 }
    var isSettled: Bool { true }
    var holdsDisplay: Bool { state.withLock { $0.held } }
    var readsKeys: Bool { false }

    func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) { record("start") }
    func apply(theme: DaemonTheme) {}
    func stop(retainPicture: Bool) { record("stop(retain: \(retainPicture))") }

    func deactivate() {
        state.withLock {
            $0.calls.append("deactivate")
            if releasesAtOnce { $0.held = false }
        }
    }

    func reactivate() {
        state.withLock {
            $0.calls.append("reactivate")
            $0.held = true
        }
    }

    /// The release `deactivate` began is done.
    func finishRelease() { state.withLock { $0.held = false } }

    private func record(_ call: String) { state.withLock { $0.calls.append(call) } }
}
