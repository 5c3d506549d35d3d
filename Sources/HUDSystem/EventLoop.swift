#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Synchronization

/// One thread that owns file descriptors and timers, and runs actors.
///
/// It sleeps in `epoll_wait` until a watched fd is readable, a timer is due
/// (one `timerfd`, armed for the earliest deadline) or work arrives (an
/// `eventfd`). Nothing is polled: an idle loop never wakes.
///
/// It is a `SerialExecutor`: an actor whose `unownedExecutor` is this loop
/// runs on its thread, so fd and timer callbacks may `assumeIsolated` into it.
///
/// Built on a `ManualClock`, timers fire only from `advance(by:)`, each with
/// the clock set to its own deadline, so tests run every timing rule without
/// sleeping.
public final class EventLoop: SerialExecutor, @unchecked Sendable {
    /// Where the loop reads the time; its timers follow this clock.
    public let clock: any HUDClock
    private let manualClock: ManualClock?
    private let epollFD: Int32
    private let wakeFD: Int32
    private let timerFD: Int32

    private enum Work {
        case job(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    private struct Timer {
        var id: UInt64
        var deadline: HUDInstant
        var body: @Sendable () -> Void
    }

    private struct State {
        var work: [Work] = []
        var timers: [Timer] = []  // by deadline, then by scheduling order
        var nextTimerID: UInt64 = 1
        var watchers: [Int32: @Sendable () -> Void] = [:]
        var armedDeadline: HUDInstant?
        /// While the loop thread handles one wake-up: the timerfd is re-armed
        /// once at its end, not at every schedule or cancel on the way.
        var dispatching = false
        var stopping = false
    }

    private let state = Locked(State())
    private let thread = Atomic<UInt>(0)
    private let wakeUpCount = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    /// Starts the loop's thread; with `ownThread` false there is none: the
    /// calling thread is the loop's, and it polls `fileDescriptor` and calls
    /// `dispatch()` (libinput's pattern, for apps with their own loop).
    /// - Throws: `SystemError` naming `epoll_create1`, `eventfd`,
    ///   `timerfd_create`, `epoll_ctl` or `pthread_create`.
    public init(clock: any HUDClock = SystemClock.shared, ownThread: Bool = true) throws(SystemError) {
        self.clock = clock
        manualClock = clock as? ManualClock
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw SystemError(call: "epoll_create1", errno: .current) }
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        timerFD = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard wakeFD >= 0, timerFD >= 0 else {
            let e = errno
            for fd in [epollFD, wakeFD, timerFD] where fd >= 0 { close(fd) }
            throw SystemError(call: wakeFD < 0 ? "eventfd" : "timerfd_create", errno: Errno(rawValue: e))
        }
        for fd in [wakeFD, timerFD] {
            var event = epoll_event()
            event.events = kiosk_EPOLLIN
            event.data.fd = fd
            guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
                let e = errno
                for fd in [epollFD, wakeFD, timerFD] { close(fd) }
                throw SystemError(call: "epoll_ctl", errno: Errno(rawValue: e))
            }
        }
        guard ownThread else {
            thread.store(UInt(pthread_self()), ordering: .releasing)
            return
        }
        var tid = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&tid, nil, { context in
            let loop = Unmanaged<EventLoop>.fromOpaque(context!).takeRetainedValue()
            loop.run()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<EventLoop>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", errno: Errno(rawValue: rc))
        }
        pthread_detach(tid)
        thread.store(UInt(tid), ordering: .releasing)
    }

    deinit {
        close(epollFD)
        close(wakeFD)
        close(timerFD)
    }

    /// Whether the caller runs on this loop's thread.
    public var inLoop: Bool {
        let tid = thread.load(ordering: .acquiring)
        return tid != 0 && pthread_equal(pthread_t(tid), pthread_self()) != 0
    }

    /// The loop's current time.
    public func now() -> HUDInstant { clock.now() }

    /// How often `epoll_wait` has returned: the loop's wake-ups.
    public var wakeUps: Int { wakeUpCount.load(ordering: .relaxed) }

    /// Timers scheduled and not yet run or cancelled.
    public var pendingTimerCount: Int { state.withLock { $0.timers.count } }

    // MARK: SerialExecutor

    public func enqueue(_ job: consuming ExecutorJob) {
        post(.job(UnownedJob(job)))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Traps unless called on the loop's thread; lets callbacks `assumeIsolated`.
    public func checkIsolated() {
        precondition(inLoop, "not on the HUD event loop's thread")
    }

    // MARK: Work

    /// Runs `body` on the loop's thread, after work already queued.
    public func execute(_ body: @escaping @Sendable () -> Void) {
        post(.closure(body))
    }

    private func post(_ work: Work) {
        let wasEmpty = state.withLock { s in
            s.work.append(work)
            return s.work.count == 1
        }
        if wasEmpty { wake() }
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// Stops the loop after the work queued so far. Jobs enqueued later never
    /// run, so actors on this loop must not be used after it.
    public func shutdown() {
        state.withLock { $0.stopping = true }
        wake()
    }

    // MARK: Timers

    /// Runs `body` on the loop's thread at `deadline` (at once if it has passed).
    @discardableResult
    public func schedule(at deadline: HUDInstant, _ body: @escaping @Sendable () -> Void) -> ScheduledTimer {
        let id = state.withLock { s in
            let id = s.nextTimerID
            s.nextTimerID += 1
            let index = s.timers.firstIndex { $0.deadline > deadline } ?? s.timers.endIndex
            s.timers.insert(Timer(id: id, deadline: deadline, body: body), at: index)
            if index == 0 { arm(&s) }
            return id
        }
        return ScheduledTimer(id: id, loop: self)
    }

    /// Runs `body` on the loop's thread after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> ScheduledTimer {
        schedule(at: now() + delay, body)
    }

    func cancelTimer(_ id: UInt64) {
        state.withLock { s in
            guard let index = s.timers.firstIndex(where: { $0.id == id }) else { return }
            s.timers.remove(at: index)
            if index == 0 { arm(&s) }
        }
    }

    /// Points the timerfd at the earliest deadline (`timerfd_settime`,
    /// absolute). A manual clock has no timerfd: `advance(by:)` fires timers.
    private func arm(_ s: inout State) {
        guard manualClock == nil, !s.dispatching else { return }
        let deadline = s.timers.first?.deadline
        guard deadline != s.armedDeadline else { return }
        s.armedDeadline = deadline
        var spec = itimerspec()
        if let d = deadline {
            let ns = max(d.nanoseconds, 1)  // zero would disarm
            spec.it_value.tv_sec = Int(ns / 1_000_000_000)
            spec.it_value.tv_nsec = Int(ns % 1_000_000_000)
        }
        timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// Moves a manual clock forward, firing every timer due on the way at its
    /// own deadline, in order, and the work each one queues. Returns when done.
    public func advance(by duration: Duration) async {
        guard let manual = manualClock else {
            preconditionFailure("EventLoop.advance(by:) needs a loop built on a ManualClock")
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            execute {
                let target = manual.now() + duration
                self.fireTimers(upTo: target)
                manual.set(target)
                done.resume()
            }
        }
    }

    /// Lets work already queued on the loop run; returns when it has.
    public func settle() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            execute { done.resume() }
        }
    }

    // MARK: File descriptors

    /// Calls `handler` on the loop's thread whenever `fd` is readable
    /// (`epoll_ctl(EPOLL_CTL_ADD, EPOLLIN)`, level-triggered).
    /// - Throws: `SystemError` naming `epoll_ctl` (e.g. EEXIST for an fd already watched).
    public func watchReadable(fd descriptor: FileDescriptor, _ handler: @escaping @Sendable () -> Void) throws(SystemError) -> FDWatch {
        let fd = descriptor.rawValue
        try state.withLock { (s: inout State) throws(SystemError) in
            var event = epoll_event()
            event.events = kiosk_EPOLLIN
            event.data.fd = fd
            guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else {
                throw SystemError(call: "epoll_ctl", subject: "\(descriptor)", errno: .current)
            }
            s.watchers[fd] = handler
        }
        return FDWatch(fd: fd, loop: self)
    }

    func setWatchEnabled(_ fd: Int32, _ enabled: Bool) {
        state.withLock { s in
            guard s.watchers[fd] != nil else { return }
            var event = epoll_event()
            event.events = enabled ? kiosk_EPOLLIN : 0
            event.data.fd = fd
            epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
        }
    }

    func unwatch(_ fd: Int32) {
        state.withLock { s in
            guard s.watchers.removeValue(forKey: fd) != nil else { return }
            epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
        }
    }

    // MARK: The loop

    private func run() {
        thread.store(UInt(pthread_self()), ordering: .releasing)
        // As libdispatch's workers do: the loop's thread (and threads it
        // starts) never takes asynchronous signals. They go to a thread that
        // wants them, or stay pending for a signalfd (VT switching, SIGTERM).
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGCHLD, SIGALRM, SIGWINCH] { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        while runOnce(&events, timeout: -1) {}
        stopped.store(true, ordering: .releasing)
    }

    /// The epoll fd of a loop without its own thread: readable when
    /// `dispatch()` has work (a timer due, work queued, a watched fd ready).
    public var fileDescriptor: Int32 { epollFD }

    /// Runs, without blocking, what is ready on a loop without its own
    /// thread: queued work, due timers, watched fds. Call on the loop's thread.
    public func dispatch() {
        var events = [epoll_event](repeating: epoll_event(), count: 16)
        _ = runOnce(&events, timeout: 0)
    }

    /// The earliest timer's deadline; nil when none is scheduled.
    public var nextDeadline: HUDInstant? { state.withLock { $0.timers.first?.deadline } }

    /// Moves a manual clock forward on the loop's own thread (a loop without
    /// its own thread), firing every timer due on the way at its deadline.
    public func advanceOnLoop(by duration: Duration) {
        guard let manual = manualClock else {
            preconditionFailure("EventLoop.advanceOnLoop(by:) needs a loop built on a ManualClock")
        }
        runQueuedWork()
        let target = manual.now() + duration
        fireTimers(upTo: target)
        manual.set(target)
    }

    /// One wake-up: waits up to `timeout` ms in `epoll_wait`, then runs what is
    /// ready. False when the loop is to stop.
    private func runOnce(_ events: inout [epoll_event], timeout: Int32) -> Bool {
        let n = epoll_wait(epollFD, &events, Int32(events.count), timeout)
        if n < 0 {
            return errno == EINTR
        }
        wakeUpCount.add(1, ordering: .relaxed)
        state.withLock { $0.dispatching = manualClock == nil }
        var timerExpired = false
        for event in events[0..<Int(n)] {
            let fd = event.data.fd
            if fd == wakeFD || fd == timerFD {
                var count: UInt64 = 0
                _ = read(fd, &count, 8)
                if fd == timerFD { timerExpired = true }
            } else if let handler = state.withLock({ $0.watchers[fd] }) {
                handler()
            }
        }
        runQueuedWork()
        if manualClock == nil {
            // Twice: the second pass runs timers the first one's callbacks
            // scheduled for now (a frame after a flip event), without another
            // epoll_wait; two passes, so such chains cannot starve the fds.
            fireTimers(upTo: clock.now())
            fireTimers(upTo: clock.now())
            state.withLock { s in
                s.dispatching = false
                if timerExpired { s.armedDeadline = nil }  // an expired timerfd is disarmed
                arm(&s)
            }
        }
        return !state.withLock({ $0.stopping && $0.work.isEmpty })
    }

    private func runQueuedWork() {
        let batch = state.withLock { s in
            let batch = s.work
            s.work.removeAll(keepingCapacity: true)
            return batch
        }
        for work in batch {
            switch work {
            case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
            case .closure(let body): body()
            }
        }
    }

    private func fireTimers(upTo limit: HUDInstant) {
        while let timer = state.withLock({ s -> Timer? in
            guard let first = s.timers.first, first.deadline <= limit else { return nil }
            return s.timers.removeFirst()
        }) {
            manualClock?.set(timer.deadline)
            timer.body()
            runQueuedWork()
        }
    }
}
