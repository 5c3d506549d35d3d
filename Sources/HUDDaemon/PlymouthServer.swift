#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDPlymouth
import HUDSystem

/// Plymouth's socket, served on the daemon's loop: accepts clients on the
/// abstract name, cuts their bytes into requests (`PlymouthRequestParser`),
/// checks each request's sender (root only, as plymouthd: others get NAK
/// and keep their connection), hands requests to the daemon (`handle`) and
/// sends the replies in request order.
///
/// Owns the listening fd and every connection. Bounded: `Limits` caps the
/// connections, a client's unsent replies and malformed requests, and how
/// long a request may stay unfinished; past them the client is dropped with
/// a log line naming why. Nothing waits forever: `deactivate` is ACKed once
/// `isIdle` says so or after `idleWait`; quit's ACK by `acknowledgeQuit()`
/// when the daemon exits; a keystroke watch NO_ANSWER at once when no keys
/// can be read (`startReadingKeys`), else by a key (`keyTyped`), `ignore-keystroke`
/// or the exit; a password or question by its prompt (`ask`), withdrawn
/// when its client leaves.
public actor PlymouthServer {
    /// How much one client, or all of them, may hold.
    public struct Limits: Sendable {
        /// Open connections. At the limit a root client makes the oldest non-root one leave; others are refused.
        public var maxConnections = 64
        /// Replies queued on one connection (behind a deferred one, or not read).
        public var maxPendingReplies = 256
        /// Malformed requests one connection may send before it is dropped.
        public var maxMalformed = 16
        /// How long a request may be left unfinished.
        public var stallTimeout: Duration = .seconds(10)
        /// How long `deactivate` waits for the picture to settle before it is ACKed anyway.
        public var idleWait: Duration = .seconds(2)

        public init() {}
    }

    public nonisolated let loop: EventLoop
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    /// The abstract address it listens on.
    public nonisolated let address: UnixSocketAddress
    private let limits: Limits
    private let accepts: @Sendable (PeerCredentials) -> Bool
    private let handle: @Sendable (PlymouthRequest, PeerCredentials) -> PlymouthAction
    private let onQuit: @Sendable (Bool) -> Void
    private let isIdle: @Sendable () -> Bool
    private let log: @Sendable (String) -> Void
    private let startReadingKeys: @Sendable () -> Bool
    private let ask: Asker

    private var listener: UnixSocketListener?
    private var listenWatch: FDWatch?
    private var connections: [Int: PlymouthConnection] = [:]
    private var nextID = 1
    private let buffer = ReadBuffer(size: 16384)
    private var idleTimer: ScheduledTimer?
    private var idleSince: HUDInstant?
    private var refused = 0
    /// Prompts asked and not answered yet, by the server's own number, and the connection that asked each.
    private var prompts: [Int: (ticket: HUDPromptTicket, connection: Int)] = [:]
    private var nextPromptNumber = 1

    /// Requests carried out or answered, malformed ones included.
    public private(set) var requestsHandled = 0
    /// Clients dropped or refused (limits, stalls, not reading).
    public private(set) var clientsDropped = 0
    /// Asks a prompt in the bezel; the answer comes later, on the loop.
    /// Returns the prompt's ticket, or nil when none can be asked (answered NO_ANSWER at once).
    public typealias Asker = @Sendable (HUDPromptKind, String, @escaping @Sendable (HUDPromptAnswer) -> Void) -> HUDPromptTicket?
    /// Takes a prompt away unanswered (its client left).
    public typealias Withdrawer = @Sendable (HUDPromptTicket) -> Void
    private let withdraw: Withdrawer

    /// Connections open now.
    public var connectionCount: Int { connections.count }

    /// Binds `name` (trimmed abstract address); `start()` begins accepting.
    /// - Parameters:
    ///   - accepts: whose requests are carried out (plymouthd: uid 0); others are NAKed.
    ///   - handle: carries out a request, on the loop.
    ///   - onQuit: called after a quit request was queued; the daemon stops, then calls `acknowledgeQuit()`.
    ///   - isIdle: whether `deactivate` can be ACKed (the daemon: its output has let go of the display).
    ///   - startReadingKeys: called for each `watch-keystroke`: starts
    ///     reading keys if they are not read yet (the daemon reads input only
    ///     once something needs it) and answers whether key presses can answer
    ///     the watch; when not (no input, or it could not start), it is
    ///     answered NO_ANSWER at once instead of waiting for a key that cannot come.
    ///   - ask: asks a prompt for `*` and `W` (when `handle` says `.ask`).
    ///   - withdraw: takes a prompt away when its client leaves.
    /// - Throws: `DaemonError.nameTaken` when another process has the name.
    public init(loop: EventLoop, name: String, limits: Limits = Limits(),
                accepts: @escaping @Sendable (PeerCredentials) -> Bool = { $0.uid == 0 },
                handle: @escaping @Sendable (PlymouthRequest, PeerCredentials) -> PlymouthAction,
                onQuit: @escaping @Sendable (Bool) -> Void,
                isIdle: @escaping @Sendable () -> Bool,
                startReadingKeys: @escaping @Sendable () -> Bool = { false },
                ask: @escaping Asker = { _, _, _ in nil }, withdraw: @escaping Withdrawer = { _ in },
                log: @escaping @Sendable (String) -> Void) throws(DaemonError) {
        self.init(loop: loop, listener: try UnixSocketListener(abstractName: name), limits: limits, accepts: accepts, handle: handle,
                  onQuit: onQuit, isIdle: isIdle, startReadingKeys: startReadingKeys, ask: ask, withdraw: withdraw, log: log)
    }

    /// Serves a socket bound already (`hud plymouthd` binds it before the
    /// display is touched); the other parameters as for `init(loop:name:…)`.
    public init(loop: EventLoop, listener: sending UnixSocketListener, limits: Limits = Limits(),
                accepts: @escaping @Sendable (PeerCredentials) -> Bool = { $0.uid == 0 },
                handle: @escaping @Sendable (PlymouthRequest, PeerCredentials) -> PlymouthAction,
                onQuit: @escaping @Sendable (Bool) -> Void,
                isIdle: @escaping @Sendable () -> Bool,
                startReadingKeys: @escaping @Sendable () -> Bool = { false },
                ask: @escaping Asker = { _, _, _ in nil }, withdraw: @escaping Withdrawer = { _ in },
                log: @escaping @Sendable (String) -> Void) {
        self.loop = loop
        self.address = listener.address
        self.listener = listener
        self.limits = limits
        self.accepts = accepts
        self.handle = handle
        self.onQuit = onQuit
        self.isIdle = isIdle
        self.startReadingKeys = startReadingKeys
        self.ask = ask
        self.withdraw = withdraw
        self.log = log
    }

    /// Starts accepting clients.
    /// - Throws: `DaemonError` when the loop cannot watch the socket (the socket is closed then).
    public func start() throws(DaemonError) {
        guard let listener else { return }
        do {
            listenWatch = try watch(listener.fd) { $0.acceptClients() }
        } catch {
            self.listener = nil
            listener.close()
            throw error
        }
    }

    private func watch(_ fd: Int32, _ body: @escaping @Sendable (isolated PlymouthServer) -> Void) throws(DaemonError) -> FDWatch {
        do {
            return try loop.watchReadable(fd: FileDescriptor(rawValue: fd)) { [weak self] in self?.assumeIsolated { body($0) } }
        } catch {
            throw .system(SystemError(call: "epoll_ctl", subject: "fd \(fd)", errno: error.errno))
        }
    }

    // MARK: Connections

    private func acceptClients() {
        guard let listener else { return }
        while let fd = listener.accept() {
            let peer = (try? PeerCredentials.of(socket: FileDescriptor(rawValue: fd))) ?? PeerCredentials(pid: 0, uid: .max, gid: .max)
            if connections.count >= limits.maxConnections, !makeRoom(for: peer) {
                refused += 1
                clientsDropped += 1
                if refused == 1 || refused % 100 == 0 {
                    log("plymouth: \(limits.maxConnections) clients connected; refusing \(peer) (\(refused) refused so far)")
                }
                close(fd)
                continue
            }
            let connection = PlymouthConnection(id: nextID, fd: fd, peer: peer)
            nextID += 1
            do {
                let id = connection.id
                connection.watch = try watch(fd) { $0.readClient(id) }
            } catch {
                log("plymouth: cannot watch client \(peer): \(error)")
                connection.close()
                continue
            }
            connections[connection.id] = connection
        }
    }

    /// At the limit, a root client makes the oldest client that is not root leave.
    private func makeRoom(for peer: PeerCredentials) -> Bool {
        guard accepts(peer), let victim = connections.values.filter({ !accepts($0.peer) }).min(by: { $0.id < $1.id }) else {
            return false
        }
        drop(victim, why: "plymouth: \(limits.maxConnections) clients connected; closed \(victim.peer), which may not send requests, to make room")
        return true
    }

    private func readClient(_ id: Int) {
        guard let connection = connections[id] else { return }
        // A few reads per wake-up, so one flooding client cannot starve the others.
        for _ in 0..<4 {
            switch connection.read(into: buffer.bytes) {
            case .bytes(let n):
                var quit: Bool?
                connection.parser.feed(UnsafeRawBufferPointer(rebasing: buffer.bytes[0..<n])) { result in
                    // After quit nothing more is carried out: the daemon is exiting.
                    guard quit == nil else { return }
                    quit = carryOut(result, on: connection)
                }
                if connection.malformed > limits.maxMalformed {
                    drop(connection, why: "plymouth: \(connection.peer) sent \(connection.malformed) malformed requests; dropped")
                    return
                }
                if connection.pendingCount > limits.maxPendingReplies {
                    drop(connection, why: "plymouth: \(connection.peer) has \(connection.pendingCount) replies pending; dropped")
                    return
                }
                armStallTimer(connection)
                if connection.flush() == .notReading {
                    drop(connection, why: "plymouth: \(connection.peer) does not read its replies; dropped")
                    return
                }
                if let retain = quit {
                    onQuit(retain)
                    return
                }
            case .closed:
                if connection.parser.hasPartialRequest {
                    log("plymouth: \(connection.peer) left in the middle of a request")
                }
                drop(connection, why: nil)
                return
            case .drained:
                return
            }
        }
    }

    /// One parsed request: checks the sender, carries it out, queues its
    /// reply. Returns `retain` when it was quit.
    private func carryOut(_ result: Result<PlymouthRequest, PlymouthWireError>, on connection: PlymouthConnection) -> Bool? {
        requestsHandled += 1
        // As plymouthd: the sender's credentials after each request.
        if let peer = try? PeerCredentials.of(socket: FileDescriptor(rawValue: connection.fd)) { connection.peer = peer }
        guard accepts(connection.peer) else {
            if connection.malformed == 0 { log("plymouth: request from \(connection.peer) refused: only root may send requests") }
            connection.malformed += 1
            connection.append(.ready(.nak))
            return nil
        }
        let request: PlymouthRequest
        switch result {
        case .failure(let error):
            if error.reply == .nak {
                connection.malformed += 1
                if connection.malformed <= 3 { log("plymouth: \(connection.peer): \(error); answered NAK") }
            } else {
                log("plymouth: \(connection.peer): \(error)")
            }
            connection.append(.ready(error.reply))
            return nil
        case .success(let r):
            request = r
        }
        switch request {
        case .watchKeystroke(let keys):
            // The first watch starts input (a boot that never watches or prompts never reads it).
            if startReadingKeys() {
                connection.append(.keystroke(keys))
            } else {
                log("plymouth: watch-keystroke from \(connection.peer): no keys can be read; answered NO_ANSWER")
                connection.append(.ready(.noAnswer))
            }
        case .ignoreKeystroke(let keys):
            // As plymouthd: the first watch for exactly these keys, whoever asked, is answered NO_ANSWER.
            for other in connections.values.sorted(by: { $0.id < $1.id })
            where other.resolveFirst(where: { $0 == .keystroke(keys) }, with: .noAnswer) {
                if other !== connection, other.flush() == .notReading {
                    drop(other, why: "plymouth: \(other.peer) does not read its replies; dropped")
                }
                break
            }
            connection.append(.ready(.ack))
        default:
            switch handle(request, connection.peer) {
            case .reply(let reply):
                connection.append(.ready(reply))
            case .deactivate:
                connection.append(.deactivate)
                waitForIdle()
            case .quit(let retain):
                connection.append(.quit)
                return retain
            case .ask(let kind, let message):
                let number = nextPromptNumber
                nextPromptNumber += 1
                guard let ticket = ask(kind, message, { [weak self] answer in
                    self?.assumeIsolated { $0.promptAnswered(number, answer) }
                }) else {
                    connection.append(.ready(.noAnswer))
                    return nil
                }
                connection.append(.prompt(ticket))
                prompts[number] = (ticket, connection.id)
            }
        }
        return nil
    }

    /// A prompt's answer: ANSWER with the text (Ctrl-C: "\u{03}", as
    /// plymouthd), NO_ANSWER when it was withdrawn.
    private func promptAnswered(_ number: Int, _ answer: HUDPromptAnswer) {
        guard let (ticket, id) = prompts.removeValue(forKey: number), let connection = connections[id] else { return }
        let reply: PlymouthReply
        switch answer {
        case .text(let text): reply = .answer(text)
        case .interrupted: reply = .answer("\u{03}")
        case .withdrawn: reply = .noAnswer
        }
        connection.resolveFirst(where: { $0 == .prompt(ticket) }, with: reply)
        if connection.flush() == .notReading {
            drop(connection, why: "plymouth: \(connection.peer) does not read its replies; dropped")
        }
    }

    /// A key typed (not taken by a prompt first: keystroke watches come
    /// first, as in plymouthd): answers the oldest watch whose keys contain it.
    /// - Returns: whether a watch took it.
    public func keyTyped(_ text: String) -> Bool {
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            let taken = connection.resolveFirst(where: {
                guard case .keystroke(let keys) = $0 else { return false }
                return keys.map { Self.keys($0, contain: text) } ?? true
            }, with: .answer(text))
            guard taken else { continue }
            if connection.flush() == .notReading {
                drop(connection, why: "plymouth: \(connection.peer) does not read its replies; dropped")
            }
            return true
        }
        return false
    }

    /// Whether a watch's `keys` contain the typed `text` (plymouthd: strstr).
    static func keys(_ keys: String, contain text: String) -> Bool {
        let k = Array(keys.utf8), t = Array(text.utf8)
        guard !t.isEmpty else { return true }
        guard k.count >= t.count else { return false }
        return (0...(k.count - t.count)).contains { k[$0..<$0 + t.count].elementsEqual(t) }
    }

    private func armStallTimer(_ connection: PlymouthConnection) {
        guard connection.parser.hasPartialRequest else {
            connection.stallTimer?.cancel()
            connection.stallTimer = nil
            return
        }
        guard connection.stallTimer == nil else { return }
        let id = connection.id
        connection.stallTimer = loop.schedule(after: limits.stallTimeout) { [weak self] in
            self?.assumeIsolated { server in
                guard let c = server.connections[id] else { return }
                c.stallTimer = nil
                server.drop(c, why: "plymouth: \(c.peer) left a request unfinished for \(server.limits.stallTimeout); dropped")
            }
        }
    }

    private func drop(_ connection: PlymouthConnection, why: String?) {
        if let why {
            log(why)
            clientsDropped += 1
        }
        // Its prompts leave with it (a password agent that gave up, or was answered elsewhere).
        for (number, prompt) in prompts where prompt.connection == connection.id {
            prompts[number] = nil
            withdraw(prompt.ticket)
        }
        connection.close()
        connections[connection.id] = nil
    }

    // MARK: Deferred replies

    /// Polls `isIdle` every 20 ms until it holds or `idleWait` has passed, then ACKs every `deactivate`.
    private func waitForIdle() {
        guard idleTimer == nil else { return }
        if idleSince == nil { idleSince = loop.now() }
        idleTimer = loop.schedule(after: .milliseconds(20)) { [weak self] in
            self?.assumeIsolated { $0.checkIdle() }
        }
    }

    private func checkIdle() {
        idleTimer = nil
        let waited = idleSince.map { loop.now() - $0 } ?? .zero
        guard isIdle() || waited >= limits.idleWait else {
            waitForIdle()
            return
        }
        if !isIdle() { log("plymouth: deactivate ACKed after \(limits.idleWait) without the display let go of") }
        idleSince = nil
        for connection in connections.values.sorted(by: { $0.id < $1.id }) where connection.isWaiting(for: .deactivate) {
            while connection.resolveFirst(where: { $0 == .deactivate }, with: .ack) {}
            if connection.flush() == .notReading {
                drop(connection, why: "plymouth: \(connection.peer) does not read its replies; dropped")
            }
        }
    }

    // MARK: Stopping

    /// Stops listening (freeing the name) and closes every client except
    /// those waiting for quit's ACK, which `acknowledgeQuit()` answers. Idempotent.
    public func stop() {
        listenWatch?.cancel()
        listenWatch = nil
        listener?.close()
        listener = nil
        idleTimer?.cancel()
        idleTimer = nil
        for connection in Array(connections.values) {
            if connection.isWaiting(for: .quit) {
                connection.watch?.cancel()
                connection.stallTimer?.cancel()
            } else {
                drop(connection, why: nil)
            }
        }
    }

    /// Just before the daemon exits: stops, then ACKs quit (and whatever
    /// waits before it on the same connection: deactivate ACK, keystroke
    /// NO_ANSWER), sends and closes.
    public func acknowledgeQuit() {
        stop()
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            connection.resolveAll { $0 == .quit || $0 == .deactivate ? .ack : .noAnswer }
            _ = connection.flush()
            drop(connection, why: nil)
        }
    }
}
