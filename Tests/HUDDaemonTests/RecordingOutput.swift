import HUDCore
import HUDDaemon

/// A `HUDOutput` that draws nothing and records what the daemon asks of it
/// (on the loop). With `releasesAtOnce` false, `deactivate` leaves the
/// display held until the test calls `finishRelease()`, as an output whose
/// last flip has not landed yet: the deactivate ACK must wait for it.
/// With `input`, it reads keys as a display with `--input` does: only from
/// the first `startReadingKeys`, which succeeds or fails as told.
final class RecordingOutput: HUDOutput, @unchecked Sendable {
    /// What `startReadingKeys` does.
    enum Input {
        /// No input: keys are never read.
        case off
        /// Input starts at the first `startReadingKeys`.
        case starts
        /// Input fails to start then (libinput missing): keys were promised until it was tried.
        case fails
    }

    private let state = Locked<(calls: [String], held: Bool, keysTried: Bool)>(([], true, false))
    private let releasesAtOnce: Bool
    private let input: Input

    init(releasesAtOnce: Bool = true, input: Input = .off) {
        self.releasesAtOnce = releasesAtOnce
        self.input = input
    }

    /// `start`, `startReadingKeys`, `deactivate`, `reactivate`, `stop(retain: Bool)`, in order.
    var calls: [String] { state.withLock { $0.calls } }
    var summary: String { "recording" }
    var framesDrawn: Int { 0 }
    var isSettled: Bool { true }
    var holdsDisplay: Bool { state.withLock { $0.held } }
    var readsKeys: Bool {
        switch input {
        case .off: false
        case .starts: true
        case .fails: !state.withLock { $0.keysTried }
        }
    }

    func startReadingKeys() -> Bool {
        state.withLock {
            $0.calls.append("startReadingKeys")
            $0.keysTried = true
        }
        return readsKeys
    }

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
