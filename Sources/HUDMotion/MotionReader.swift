import HUDCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads the accelerometer on its own thread and hands out `HUDTilt` values
/// whenever the bezel's rounded pixel offset changes. Sysfs reads block (a
/// raw read takes ~2 s under QEMU), so they never run on the display loop.
///
/// `onTilt` runs on the reader thread; hop to the display loop from there,
/// e.g. `{ t in Task { await stack.setTilt(t) } }`.
public final class MotionReader: Sendable {
    public let settings: MotionSettings
    private let log: MotionLog
    private let clock: any HUDClock
    private let onTilt: @Sendable (HUDTilt) -> Void
    /// Read end of a pipe the thread sleeps on; `stop` writes the other end.
    private let wakeFD: Int32
    private let wakeWriteFD: Int32
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<ReaderThread?>(nil)
    private let readingCount = Atomic<Int>(0)

    public init(settings: MotionSettings, log: MotionLog, clock: any HUDClock = SystemClock.shared,
                onTilt: @escaping @Sendable (HUDTilt) -> Void) throws(MotionError) {
        self.settings = settings
        self.log = log
        self.clock = clock
        self.onTilt = onTilt
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { throw .io(path: "wake pipe", call: "pipe", errno: .current) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        }
        wakeFD = fds[0]
        wakeWriteFD = fds[1]
    }

    deinit {
        close(wakeFD)
        close(wakeWriteFD)
    }

    /// Good readings taken so far.
    public var readings: Int { readingCount.load(ordering: .relaxed) }

    /// Starts the reader thread (once).
    public func start() throws(MotionError) {
        try thread.withLock { (t: inout ReaderThread?) throws(MotionError) in
            guard t == nil else { return }
            t = try ReaderThread { [self] in run() }
        }
    }

    /// Asks the thread to end. With `wait`, returns once it has (a read in
    /// progress finishes first); otherwise returns at once.
    public func stop(wait: Bool = false) {
        stopping.store(true, ordering: .releasing)
        var one: UInt8 = 1
        _ = Glibc.write(wakeWriteFD, &one, 1)
        guard let t = thread.withLock({ t -> ReaderThread? in defer { t = nil }; return t }) else { return }
        if wait { t.join() } else { t.detach() }
    }

    private func run() {
        let loop = MotionReaderLoop(settings: settings, log: log)
        while !stopping.load(ordering: .acquiring) {
            let start = clock.now()
            let (tilt, wait) = loop.turn(at: start, wakeUp: FileDescriptor(rawValue: wakeFD))
            readingCount.store(loop.readings, ordering: .relaxed)
            if let tilt { onTilt(tilt) }
            let remaining = (start + wait) - clock.now()
            if remaining > .zero { sleep(for: remaining) }
        }
        loop.close()
    }

    /// Sleeps in `poll` on the wake pipe so `stop` interrupts it.
    private func sleep(for d: Duration) {
        var fds = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
        let ms = Int32(clamping: (d.hudNanoseconds + 999_999) / 1_000_000)
        _ = poll(&fds, 1, ms)
    }
}
