import HUDCore
import HUDPlymouth
import HUDProtocol

/// The daemon's boot progress under `--plymouth`: a `BootProgressEstimator`
/// fed with Plymouth's requests (statuses, pause, unpause), its previous
/// record read from and this boot's written to a `BootProgressStore`, and
/// the HUD driven from it through the `HUDController`:
/// - the progress follows the estimate until a client sets progress itself
///   (`hud progress`, `show`/`update` with progress, psplash's `PROGRESS`,
///   Plymouth's `system-update`): from then on the client's value stands;
/// - with `showsStatus` (`--boot-status-label`) the label shows each status
///   (the unit starting), until a client sets a label (`hud message`,
///   psplash's `MSG`, Plymouth's `display-message`); Plymouth's
///   `hide-message` that empties the label gives the line back.
///
/// An actor on the daemon's loop. It owns one timer: while the HUD is up,
/// the estimate drives it, is not paused and the HUD shows progress (a
/// bar, ring or pie: a spinner theme ignores the estimate, as a Plymouth
/// theme without a progress bar does), the progress is brought up to date
/// every `interval` (only when it moved by 0.1 % or more); otherwise no
/// timer runs. `hud status` reports the estimate either way (`boot-progress=`).
public actor BootProgress {
    /// How often the HUD's progress follows the estimate.
    public static let interval: Duration = .milliseconds(250)

    /// The daemon's loop, whose clock the estimate reads and whose thread this actor runs on.
    public nonisolated let loop: EventLoop
    /// The loop: so the daemon's callbacks call in with `assumeIsolated`.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    private let controller: HUDController
    private let store: BootProgressStore?
    private let showsStatus: Bool
    private let drivesProgress: Bool
    private let log: @Sendable (String) -> Void
    /// The estimate (public for tests and `status`).
    public private(set) var estimator: BootProgressEstimator
    /// A client set progress: the estimate no longer drives the HUD.
    public private(set) var progressSetByClient = false
    /// A client's label is shown: statuses do not replace it.
    public private(set) var labelSetByClient = false
    /// Plymouth's `system-initialized` came: the root is writable.
    public private(set) var systemInitialized = false
    private var lastStatus: String?
    private var lastApplied: Double?
    private var timer: ScheduledTimer?
    private var finished = false

    /// The file the record of a boot in `mode` is kept in; nil where Plymouth
    /// keeps none either (update modes: their progress comes from `system-update`).
    public static func fileName(for mode: SplashMode) -> String? {
        switch mode {
        case .boot: return "boot-progress"
        case .shutdown, .reboot: return "shutdown-progress"
        case .updates, .systemUpgrade, .firmwareUpgrade: return nil
        }
    }

    /// Reads the previous record from `store` (saying in one log line what
    /// it found; a bad file is named with what is wrong, and the estimate
    /// starts from time alone) and starts estimating from now.
    /// - Parameters:
    ///   - store: where the record is kept; nil: nothing is read or written.
    ///   - showsStatus: statuses go on the label (`--boot-status-label`).
    ///   - drivesProgress: the estimate drives the HUD's progress (not `--no-boot-progress`).
    public init(controller: HUDController, store: BootProgressStore?, showsStatus: Bool, drivesProgress: Bool,
                log: @escaping @Sendable (String) -> Void) {
        loop = controller.stack.loop
        self.controller = controller
        self.store = store
        self.showsStatus = showsStatus
        self.drivesProgress = drivesProgress
        self.log = log
        var previous: BootProgressRecord?
        switch store?.load() {
        case nil:
            break
        case .missing?:
            log("boot progress: no record of an earlier boot in \(store!.path) yet; estimating from time alone")
        case .unusable(let why)?:
            log("boot progress: \(store!.path) is not usable (\(why)); estimating from time alone")
        case .record(let r)?:
            previous = r
            log("boot progress: estimating from \(store!.path) (\(r.entries.count) statuses over \(BootProgressRecord.decimal(r.duration, places: 1)) s)")
        }
        estimator = BootProgressEstimator(previous: previous, start: loop.now())
    }

    /// The daemon has moved into the real root (`newroot`): when the start
    /// found no record (in the initramfs there is none), the real root's is
    /// read now and paces the rest of the boot.
    public func rootMoved() {
        guard let store, !estimator.hasPrevious, !finished else { return }
        switch store.load() {
        case .missing:
            break
        case .unusable(let why):
            log("boot progress: \(store.path) in the new root is not usable (\(why)); estimating from time alone")
        case .record(let r):
            estimator.adopt(r, at: loop.now())
            log("boot progress: estimating from \(store.path) in the new root (\(r.entries.count) statuses over \(BootProgressRecord.decimal(r.duration, places: 1)) s)")
            follow()
        }
    }

    /// The estimate now, 0…1.
    public var progress: Double { estimator.progress(at: loop.now()) }

    /// `boot-progress=` for `status`: the estimate in percent.
    public var statusFields: [Field] { [Field("boot-progress", HUDController.percentText(progress))] }

    /// Starts driving the HUD (after the daemon has shown it, if it does at start).
    public func start() { follow() }

    // MARK: What clients do

    /// A Plymouth request, after the daemon has carried it out.
    public func note(_ request: PlymouthRequest) {
        let now = loop.now()
        switch request {
        case .updateStatus(let status):
            estimator.statusArrived(status, at: now)
            lastStatus = status
            if showsStatus, !labelSetByClient { controller.assumeIsolated { $0.hold(HUDSettings(label: status)) } }
        case .pauseProgress:
            estimator.pause(at: now)
        case .unpauseProgress:
            estimator.unpause(at: now)
        case .systemInitialized:
            systemInitialized = true
        case .systemUpdate:
            progressSetByClient = true
        case .showMessage(let text):
            labelSetByClient = !text.isEmpty
        case .hideMessage:
            if labelSetByClient, controller.assumeIsolated({ $0.labelText.isEmpty }) {
                labelSetByClient = false
                if showsStatus, let lastStatus { controller.assumeIsolated { $0.hold(HUDSettings(label: lastStatus)) } }
            }
        default:
            break
        }
        follow()
    }

    /// A request on our socket, after the daemon has carried it out.
    public func note(_ request: Request) {
        switch request {
        case .progress: progressSetByClient = true
        case .message: labelSetByClient = true
        case .show(let s), .update(let s):
            if s.progressPercent != nil { progressSetByClient = true }
            if s.label != nil { labelSetByClient = true }
        default: break
        }
        follow()
    }

    /// A psplash FIFO command, after the daemon has carried it out.
    public func note(_ command: PsplashCommand) {
        switch command {
        case .progress: progressSetByClient = true
        case .message: labelSetByClient = true
        case .quit: break
        }
        follow()
    }

    // MARK: Driving the HUD

    /// Brings the HUD's progress up to the estimate and keeps the timer
    /// running while that is needed.
    private func follow() {
        guard !finished, drivesProgress, !progressSetByClient else { return stopTimer() }
        let p = progress
        // A spinner or text HUD does not show it: then the loop is not woken for it either.
        guard controller.assumeIsolated({ $0.showsProgress }) else {
            lastApplied = nil
            return stopTimer()
        }
        if lastApplied.map({ abs(p - $0) >= 0.001 }) ?? true {
            lastApplied = p
            controller.assumeIsolated { $0.setEstimatedProgress(p) }
        }
        guard !estimator.isPaused else { return stopTimer() }
        if timer == nil {
            timer = loop.schedule(after: Self.interval) { [weak self] in
                self?.assumeIsolated { $0.timer = nil; $0.follow() }
            }
        }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
    }

    /// At quit: stops driving the HUD and writes this boot's record (when
    /// the root is writable: `system-initialized` came, or the state
    /// directory exists and can be written). Says what it did in one log line.
    public func finish() {
        guard !finished else { return }
        finished = true
        stopTimer()
        guard let store else { return }
        guard let record = estimator.record(at: loop.now()) else { return }
        do {
            switch try store.save(record, rootWritable: systemInitialized) {
            case .written:
                log("boot progress: recorded \(record.entries.count) statuses over \(BootProgressRecord.decimal(record.duration, places: 1)) s in \(store.path)")
            case .skipped(let why):
                log("boot progress: not recorded in \(store.path): \(why)")
            }
        } catch {
            log("boot progress: cannot record in \(store.path): \(error)")
        }
    }
}
