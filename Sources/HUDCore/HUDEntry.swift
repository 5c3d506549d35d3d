import HUDSystem
/// A HUD's state inside its `HUDStack`; only the stack's actor touches it.
final class HUDEntry {
    let id: Int
    var configuration: HUDConfiguration
    var lifecycle = HUDLifecycle()
    var timers: [HUDTimer: ScheduledTimer] = [:]
    var progressSource: (any HUDProgressSource)?
    /// When the progress source last returned a new value.
    var sourceLastMoved: HUDInstant?
    var completion: (@Sendable () -> Void)?
    weak var delegate: (any HUDDelegate)?
    /// `HUD.waitUntilHidden` callers, resumed when it has gone or left the stack.
    var hiddenWaiters: [@Sendable () -> Void] = []

    init(id: Int, configuration: HUDConfiguration) {
        self.id = id
        self.configuration = configuration
    }

    func resumeHiddenWaiters() {
        let waiters = hiddenWaiters
        hiddenWaiters = []
        for w in waiters { w() }
    }

    func cancelTimers() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }
}
