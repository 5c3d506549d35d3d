#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDProtocol
import HUDUpdates

/// Follows SWUpdate's progress socket on an `EventLoop` and turns each
/// update into HUD requests (`SWUpdateProgressDecoder`, `SWUpdateEventMapper`,
/// `UpdatePresenter`), handed to `deliver` on the loop: `hud daemon
/// --follow-swupdate` carries them out on its own HUD, `hud follow swupdate`
/// sends them to a daemon. The one place that connects to SWUpdate, waits
/// for it and reconnects.
///
/// An actor on the loop; nothing blocks and no thread is started. At any
/// time it owns either its connection to SWUpdate (a non-blocking stream
/// socket watched on the loop, a `ConnectedSocket`) or what waits for
/// SWUpdate: an inotify watch on the socket's directory (a `DirectoryWatch`:
/// SWUpdate creating its socket wakes it at once) and one retry timer, from
/// `shortestRetry` doubling to `longestRetry`, for what inotify cannot see
/// (a socket bound but not listening yet, a tmpfs mounted over the
/// directory, the daemon moved into a new root). A directory event starts
/// the backoff over.
///
/// SWUpdate closing the socket (each `swupdate -i` is a process of its own;
/// the service restarting) ends an update in the middle with the failure
/// mark (`UpdatePresenter.lostTool`), and the waiting starts again. A stream
/// this hud cannot read (`SWUpdateProgressError`: an unknown progress API
/// version, a layout out of step) is logged by name and ends the following:
/// the connection is closed, nothing is retried, and `onFinished` is told.
public actor SWUpdateFollower {
    /// The first retry after a failed connect, and after a directory event.
    public static let shortestRetry: Duration = .milliseconds(100)
    /// The retries back off to this.
    public static let longestRetry: Duration = .seconds(4)

    /// SWUpdate's own default socket for a `TMPDIR` value:
    /// `$TMPDIR/swupdateprog`, `/tmp/swupdateprog` without one.
    public static func defaultSocketPath(temporaryDirectory: String?) -> String {
        guard let dir = temporaryDirectory, !dir.isEmpty else { return "/tmp/swupdateprog" }
        return dir.hasSuffix("/") ? dir + "swupdateprog" : dir + "/swupdateprog"
    }

    /// The loop whose thread this actor runs on, and which owns its fds and timer.
    public nonisolated let loop: EventLoop
    /// The loop: so the loop's callbacks call in with `assumeIsolated`.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    /// SWUpdate's progress socket.
    public nonisolated let path: String
    private let address: UnixSocketAddress
    private let directory: String
    private var presenter: UpdatePresenter
    private let stopsAfterOneUpdate: Bool
    private let log: @Sendable (String) -> Void
    private let deliver: @Sendable ([Request]) -> Void
    private let onFinished: @Sendable (SWUpdateProgressError?) -> Void

    private var connection: ConnectedSocket?
    private var decoder = SWUpdateProgressDecoder()
    private var mapper = SWUpdateEventMapper()
    private var directoryWatch: DirectoryWatch?
    private var retryTimer: ScheduledTimer?
    private var retryDelay = SWUpdateFollower.shortestRetry
    private var saidCannotWatch = false
    private var lastConnectProblem: Errno?
    private let buffer = ReadBuffer(size: 16384)

    /// Started and not stopped or finished.
    public private(set) var isFollowing = false
    /// Connections to SWUpdate made so far.
    public private(set) var connections = 0
    /// Whether it is connected to SWUpdate now.
    public var isConnected: Bool { connection != nil }
    /// Connect attempts so far (each immediate try, timer and directory event).
    public private(set) var attempts = 0

    /// - Parameters:
    ///   - path: SWUpdate's progress socket (`defaultSocketPath`).
    ///   - presenter: how updates are shown (its tool name, indicator, how long the end mark stays).
    ///   - stopsAfterOneUpdate: finish once the first update has ended (`hud follow --once`).
    ///   - log: one line per event worth a log: connected, SWUpdate gone, an unreadable stream.
    ///   - deliver: the requests that show the updates, in order, on the loop.
    ///   - onFinished: called once, on the loop, when the following ends by itself: with the
    ///     error of an unreadable stream, or nil after the first update with `stopsAfterOneUpdate`.
    /// - Throws: `DaemonError.socketPathTooLong` when `path` cannot be a Unix socket address.
    public init(path: String, loop: EventLoop, presenter: UpdatePresenter, stopsAfterOneUpdate: Bool = false,
                log: @escaping @Sendable (String) -> Void, deliver: @escaping @Sendable ([Request]) -> Void,
                onFinished: @escaping @Sendable (SWUpdateProgressError?) -> Void = { _ in }) throws(DaemonError) {
        address = try UnixSocketAddress(path)
        self.path = path
        self.loop = loop
        self.presenter = presenter
        self.stopsAfterOneUpdate = stopsAfterOneUpdate
        self.log = log
        self.deliver = deliver
        self.onFinished = onFinished
        if let slash = path.lastIndex(of: "/") {
            let d = String(path[..<slash])
            directory = d.isEmpty ? "/" : d
        } else {
            directory = "."
        }
    }

    /// Connects at once when SWUpdate is there, else waits for it. Once.
    public func start() {
        guard !isFollowing, attempts == 0 else { return }
        isFollowing = true
        startWaiting()
    }

    /// Closes the connection or stops waiting; nothing is delivered after it.
    /// Idempotent. Its owner calls it (the connection's fd and watch are not
    /// closed by the actor going away).
    public func stop() {
        isFollowing = false
        stopWaiting()
        connection?.close()
        connection = nil
    }

    // MARK: Waiting for SWUpdate

    private func startWaiting() {
        retryDelay = Self.shortestRetry
        lastConnectProblem = nil
        if directoryWatch == nil {
            do {
                directoryWatch = try DirectoryWatch(directory: directory, loop: loop) { [weak self] in
                    self?.assumeIsolated { $0.directoryChanged() }
                }
            } catch {
                if !saidCannotWatch { log("cannot watch \(directory) for SWUpdate's socket (\(error)); trying every \(Self.longestRetry) at most") }
                saidCannotWatch = true
            }
        }
        attempt()
    }

    private func stopWaiting() {
        retryTimer?.cancel()
        retryTimer = nil
        directoryWatch?.cancel()
        directoryWatch = nil
    }

    /// Something appeared in the directory: SWUpdate may be starting, so try now and soon again.
    private func directoryChanged() {
        guard isFollowing, connection == nil else { return }
        retryDelay = Self.shortestRetry
        attempt()
    }

    private func retryTimerFired() {
        retryTimer = nil
        retryDelay = min(retryDelay * 2, Self.longestRetry)
        attempt()
    }

    private func attempt() {
        retryTimer?.cancel()
        retryTimer = nil
        guard isFollowing, connection == nil else { return }
        attempts += 1
        let fd: FileDescriptor
        do {
            fd = try address.connect(nonBlocking: true)
        } catch {
            // Not there (ENOENT), not listening (ECONNREFUSED: gone, or not yet), busy (EAGAIN): waiting is
            // the answer. Anything else (EACCES, ENOTSOCK) is said once, and still retried: it may be fixed.
            if let e = error.errno, ![Errno.noEntry, Errno(rawValue: ECONNREFUSED), .wouldBlock].contains(e), e != lastConnectProblem {
                log("cannot connect to \(path): \(e); trying again")
                lastConnectProblem = e
            }
            retryTimer = loop.schedule(after: retryDelay) { [weak self] in self?.assumeIsolated { $0.retryTimerFired() } }
            return
        }
        let socket = ConnectedSocket(fd: fd.rawValue)
        do {
            socket.watch = try loop.watchReadable(fd: fd) { [weak self] in self?.assumeIsolated { $0.readable() } }
        } catch {
            log("cannot watch the connection to \(path): \(error); trying again")
            socket.close()
            retryTimer = loop.schedule(after: retryDelay) { [weak self] in self?.assumeIsolated { $0.retryTimerFired() } }
            return
        }
        stopWaiting()
        connection = socket
        decoder = SWUpdateProgressDecoder()
        mapper = SWUpdateEventMapper()
        connections += 1
        log("connected to \(path)")
    }

    // MARK: Reading

    private func readable() {
        guard let socket = connection else { return }
        // A few buffers per wake-up, so SWUpdate cannot starve the loop's other fds.
        for _ in 0..<4 {
            switch socket.read(into: buffer.bytes) {
            case .bytes(let n):
                guard take(UnsafeRawBufferPointer(rebasing: buffer.bytes[0..<n])) else { return }
            case .drained:
                return
            case .closed:
                socket.close()
                connection = nil
                send(presenter.lostTool())
                log("SWUpdate closed \(path); waiting for it again")
                startWaiting()
                return
            }
        }
    }

    /// Decodes, maps and delivers what was read. False when the following ended.
    private func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let messages: [SWUpdateProgressMessage]
        do {
            messages = try decoder.feed(bytes)
        } catch {
            send(presenter.lostTool())
            log("\(path): \(error); no longer following SWUpdate")
            finish(error)
            return false
        }
        var ended = false
        for message in messages {
            for event in mapper.events(for: message) {
                send(presenter.requests(for: event))
                if case .ended = event { ended = true }
            }
        }
        if ended, stopsAfterOneUpdate {
            finish(nil)
            return false
        }
        return true
    }

    private func send(_ requests: [Request]) {
        if !requests.isEmpty { deliver(requests) }
    }

    private func finish(_ error: SWUpdateProgressError?) {
        stop()
        onFinished(error)
    }
}
