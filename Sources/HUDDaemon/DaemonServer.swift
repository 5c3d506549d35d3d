#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDKMS
import HUDProtocol
import HUDSystem

/// The daemon's I/O on its event loop: the listening socket, client
/// connections, psplash's FIFO, Plymouth's socket (a `PlymouthServer`, its
/// requests mapped in `DaemonServer+Plymouth.swift`), SWUpdate's progress
/// socket (a `SWUpdateFollower`, `DaemonServer+SWUpdate.swift`) and the
/// signalfd. Requests go to the `HUDController`; quit, reload and signals
/// are handled here.
///
/// Nothing a client does can stop the daemon: every message is bounded
/// (`LineFramer`), parsed with errors answered, and a client that vanishes,
/// stalls mid-message or stops reading its answers is just dropped.
public actor DaemonServer {
    public nonisolated let loop: EventLoop
    public nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
    public nonisolated let controller: HUDController
    let output: any HUDOutput
    let options: DaemonOptions
    private let policy: AccessPolicy
    private let loadTheme: @Sendable () throws(ThemeError) -> DaemonTheme
    let log: @Sendable (String) -> Void
    private let onExit: @Sendable (Int32) -> Void

    private var listener: UnixSocketListener?
    private var fifo: PsplashFIFO?
    private var fifoFramer = LineFramer(separatesAtNUL: true)
    private var signals: SignalWatcher?
    /// Plymouth's socket and its clients (`--plymouth`).
    var plymouth: PlymouthServer?
    /// Plymouth's socket bound before the display was touched (`hud plymouthd`), until `start` serves it.
    var boundPlymouthSocket: BoundPlymouthSocket?
    /// The boot-progress estimate while Plymouth's socket is served (`DaemonServer+BootProgress.swift`).
    var bootProgress: BootProgress?
    /// SWUpdate's updates shown on the HUD (`--follow-swupdate`, `DaemonServer+SWUpdate.swift`).
    var swupdate: SWUpdateFollower?
    private var watches: [FDWatch] = []
    private var clients: [Int: ClientConnection] = [:]
    private var nextClientID = 1
    private let buffer = ReadBuffer(size: 65536)
    private var readBuffer: UnsafeMutableRawBufferPointer { buffer.bytes }
    private var stopped = false

    /// Requests handled since start (answered ok or error), for statistics and tests.
    public private(set) var requestsHandled = 0
    /// Clients refused (credentials, too many) or dropped (stalled, not reading).
    public private(set) var clientsDropped = 0

    /// - Parameters:
    ///   - loadTheme: reads the theme again for `reload` and SIGHUP.
    ///   - onExit: called once, on the loop, with the exit code when the daemon stops.
    ///   - plymouthSocket: Plymouth's socket, bound already; served instead of binding `options.plymouthSocketName`.
    public init(controller: HUDController, output: sending any HUDOutput, options: DaemonOptions, policy: AccessPolicy,
                loadTheme: @escaping @Sendable () throws(ThemeError) -> DaemonTheme,
                log: @escaping @Sendable (String) -> Void, onExit: @escaping @Sendable (Int32) -> Void,
                plymouthSocket: BoundPlymouthSocket? = nil) {
        self.boundPlymouthSocket = plymouthSocket
        self.loop = controller.stack.loop
        self.controller = controller
        self.output = output
        self.options = options
        self.policy = policy
        self.loadTheme = loadTheme
        self.log = log
        self.onExit = onExit
    }

    /// Opens the socket, the FIFO and (with `watchSignals`) the signalfd,
    /// then starts the output. On failure everything opened is closed again.
    /// - Throws: `DaemonError` naming the path or call that failed.
    public func start(watchSignals: Bool) throws(DaemonError) {
        do throws(DaemonError) {
            let listener = try UnixSocketListener(path: options.socketPath, mode: policy.socketMode, group: policy.group)
            self.listener = listener
            watches.append(try watch(listener.fd) { $0.acceptClients() })
            if let path = options.psplashFIFOPath {
                // psplash compatibility is a convenience: without it the daemon still serves its socket.
                do {
                    let fifo = try PsplashFIFO(path: path)
                    self.fifo = fifo
                    watches.append(try watch(fifo.fd) { $0.readFIFO() })
                } catch {
                    log("psplash FIFO disabled: \(error)")
                }
            }
            if let name = options.plymouthSocketName { try startPlymouth(name: name) }
            if watchSignals {
                do {
                    signals = try SignalWatcher(signals: Daemon.signals, loop: loop) { [weak self] signal in
                        self?.assumeIsolated { $0.handleSignal(signal) }
                    }
                } catch {
                    throw DaemonError.output("cannot watch signals: \(error)")
                }
            }
            // Last: a display output may wait for its card; clients can already connect.
            let theme = controller.assumeIsolated { $0.theme }
            try output.start(stack: controller.stack, theme: theme)
            if options.showAtStart {
                _ = controller.assumeIsolated { [label = options.startLabel] in $0.handle(.show(HUDSettings(label: label))) }
            }
            startBootProgress()
            if let path = options.swupdateProgressSocket { startFollowingSWUpdate(path: path) }
        } catch {
            closeEverything()
            plymouth = nil
            output.stop(retainPicture: false)
            throw error
        }
    }

    private func watch(_ fd: Int32, _ body: @escaping @Sendable (isolated DaemonServer) -> Void) throws(DaemonError) -> FDWatch {
        do {
            return try loop.watchReadable(fd: FileDescriptor(rawValue: fd)) { [weak self] in
                self?.assumeIsolated { body($0) }
            }
        } catch {
            throw .system(SystemError(call: "epoll_ctl", subject: "fd \(fd)", errno: error.errno))
        }
    }

    /// Clients connected now.
    public var clientCount: Int { clients.count }

    /// Clients whose `wait` or `wait-button` is not answered yet.
    public var waitingClientCount: Int { clients.values.count(where: \.isWaiting) }

    // MARK: Clients

    private func acceptClients() {
        guard let listener else { return }
        while let fd = listener.accept() {
            let peer: PeerCredentials
            do { peer = try PeerCredentials.of(socket: FileDescriptor(rawValue: fd)) } catch {
                log("refusing a client: \(error)")
                close(fd)
                clientsDropped += 1
                continue
            }
            let client = ClientConnection(id: nextClientID, fd: fd, peer: peer, connectedAt: loop.now())
            nextClientID += 1
            if let why = policy.refusal(for: peer) {
                log("refused \(peer): \(why)")
                _ = client.send(Response.error(code: .denied, reason: why).encoded())
                client.close()
                clientsDropped += 1
                continue
            }
            if clients.values.count(where: { !$0.isWaiting }) >= options.maxClients, !makeRoom() {
                _ = client.send(Response.error(code: .busy, reason: "\(options.maxClients) clients connected, each in the middle of a message; try again").encoded())
                client.close()
                clientsDropped += 1
                continue
            }
            guard client.send(Greeting.encoded()) else {
                client.close()
                continue
            }
            do {
                let id = client.id
                client.watch = try watch(fd) { $0.readClient(id) }
            } catch {
                log("cannot watch client \(peer): \(error)")
                client.close()
                continue
            }
            clients[client.id] = client
        }
    }

    /// At the client limit: the client idle longest (not mid-message, not
    /// waiting) is told why and closed, so idle connections cannot lock others out.
    private func makeRoom() -> Bool {
        guard let idle = clients.values.filter({ !$0.isWaiting && !$0.framer.hasPartialLine })
            .min(by: { $0.lastActivity < $1.lastActivity }) else { return false }
        _ = idle.send(Response.error(code: .busy, reason: "closed to make room: \(options.maxClients) clients connected and this one was idle longest").encoded())
        log("client \(idle.peer) idle with \(options.maxClients) clients connected; closed to make room")
        clientsDropped += 1
        drop(idle, why: nil)
        return true
    }

    private func readClient(_ id: Int) {
        guard let client = clients[id] else { return }
        client.lastActivity = loop.now()
        // A few buffers per wake-up, so one flooding client cannot starve the others.
        for _ in 0..<4 {
            switch client.read(into: readBuffer) {
            case .bytes(let n):
                // The answers to everything in this read go out in one send.
                var answers = ""
                var quit: Bool?
                var framed = false
                client.framer.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n])) { event in
                    framed = true
                    guard quit == nil, !client.isWaiting else { return }
                    let (response, retain) = answer(client, event)
                    answers += response?.encoded() ?? ""
                    quit = retain
                }
                // The message the stall timer was watching has ended: a client that
                // keeps finishing messages is not stalled, even when every read ends mid-line.
                if framed { client.stallTimer?.cancel(); client.stallTimer = nil }
                guard client.send(answers) else {
                    log("client \(client.peer) does not read its answers; dropped")
                    clientsDropped += 1
                    drop(client, why: nil)
                    return
                }
                if let retain = quit {
                    log("quit requested by \(client.peer)\(retain ? " (retaining the picture)" : "")")
                    stop(exitCode: 0, retainPicture: retain)
                    return
                }
            case .closed:
                if client.framer.hasPartialLine { log("client \(client.peer) left in the middle of a message") }
                drop(client, why: nil)
                return
            case .drained:
                armStallTimer(client)
                return
            }
        }
        armStallTimer(client)
    }

    /// Carries out one framed message; the answer (nil: deferred, for
    /// `wait`), and `retain` when it was `quit`.
    private func answer(_ client: ClientConnection, _ event: LineFramer.Event) -> (Response?, Bool?) {
        requestsHandled += 1
        let response: Response?
        var quit: Bool?
        switch event {
        case .tooLong:
            response = ProtocolError(.tooLong, "message longer than \(ProtocolLimits.maxLineBytes - 1) bytes; dropped up to the next newline").response
        case .line(let bytes):
            do {
                let request = try Request.parse(bytes)
                switch request {
                case .hello(let v):
                    response = ProtocolVersion.supported.contains(v) ? .ok([Field("protocol", String(ProtocolVersion.current))])
                        : .error(code: .version, reason: "protocol \(v) is not supported; this daemon speaks \(ProtocolVersion.current)")
                case .quit(let retain):
                    response = .ok
                    quit = retain
                case .reload:
                    response = reloadTheme()
                case .newroot(let directory):
                    response = moveRoot(to: directory)
                case .status:
                    let boot = bootProgress?.assumeIsolated { $0.statusFields } ?? []
                    response = boot.reduce(controller.assumeIsolated { $0.handle(request) }.adding(Field("settled", output.isSettled ? "true" : "false"))
                        .adding(Field("display", output.holdsDisplay ? "held" : "released"))
                        .adding(Field("button-waiters", String(clients.values.count { $0.waiting == .button })))
                        .adding(Field("frames-drawn", String(output.framesDrawn)))) { $0.adding($1) }
                case .wait:
                    if clients.values.count(where: \.isWaiting) >= options.maxWaiters {
                        response = .error(code: .busy, reason: "\(options.maxWaiters) clients are waiting already")
                    } else {
                        client.waiting = .exit
                        response = nil
                    }
                case .ask(let kind, let prompt):
                    response = ask(kind, prompt, for: client)
                case .type(let text, let key):
                    // One key at a time, as a keyboard types (keystroke watches match single keys).
                    controller.stack.assumeIsolated { stack in
                        for character in text { stack.type(.text(String(character))) }
                        if let key { stack.type(HUDPromptKey(key)) }
                    }
                    response = .ok
                case .waitButton:
                    if clients.values.count(where: \.isWaiting) >= options.maxWaiters {
                        response = .error(code: .busy, reason: "\(options.maxWaiters) clients are waiting already")
                    } else {
                        let id = client.id
                        response = controller.assumeIsolated {
                            $0.whenButtonPressed { [weak self] pressed in self?.assumeIsolated { $0.buttonWaitEnded(id, pressed: pressed) } }
                        }
                        if response == nil { client.waiting = .button }
                    }
                default:
                    response = carryOut(request)
                }
            } catch {
                response = error.response
            }
        }
        return (response, quit)
    }

    /// Carries out a request that acts on the HUD alone (show, update,
    /// progress, message, hide, ping, press-button), as every client's is and
    /// as SWUpdate's updates are (`--follow-swupdate`): the controller
    /// answers it, then the boot-progress estimate is told (what a client set wins).
    func carryOut(_ request: Request) -> Response {
        let response = controller.assumeIsolated { $0.handle(request) }
        bootProgress?.assumeIsolated { $0.note(request) }
        return response
    }

    /// `ask`: the prompt is asked and the client waits for it (nil), or the refusal.
    private func ask(_ kind: WirePromptKind, _ prompt: String, for client: ClientConnection) -> Response? {
        guard clients.values.count(where: \.isWaiting) < options.maxWaiters else {
            return .error(code: .busy, reason: "\(options.maxWaiters) clients are waiting already")
        }
        // Input starts here, before the prompt is drawn.
        guard output.startReadingKeys() else {
            return .error(code: .unavailable, reason: "no keys can be read: prompts need --input on a display (or --output png, answered with 'hud type')")
        }
        let id = client.id
        let ticket = controller.assumeIsolated {
            $0.ask(HUDPromptKind(kind), prompt) { [weak self] answer in self?.assumeIsolated { $0.promptEnded(id, answer) } }
        }
        guard let ticket else { return .error(code: .failed, reason: "the prompt could not be asked") }
        client.waiting = .prompt(ticket)
        return nil
    }

    /// Answers an `ask`; the client may then send requests again.
    private func promptEnded(_ id: Int, _ answer: HUDPromptAnswer) {
        guard let client = clients[id], case .prompt = client.waiting else { return }
        client.waiting = nil
        let response: Response
        switch answer {
        case .text(let text): response = .ok([Field("answer", text)])
        case .interrupted: response = .error(code: .cancelled, reason: "Ctrl-C was pressed at the prompt")
        case .withdrawn: response = .error(code: .notShown, reason: "the prompt was taken away unanswered (the HUD was hidden, or keys can no longer be read)")
        }
        guard client.send(response.encoded()) else {
            clientsDropped += 1
            drop(client, why: nil)
            return
        }
    }

    /// Answers a `wait-button`: `ok` when pressed, `not-shown` when the HUD
    /// went first; the client may then send requests again.
    private func buttonWaitEnded(_ id: Int, pressed: Bool) {
        guard let client = clients[id], client.waiting == .button else { return }
        client.waiting = nil
        let answer = pressed ? Response.ok
            : .error(code: .notShown, reason: "the HUD was hidden before its button was pressed")
        guard client.send(answer.encoded()) else {
            clientsDropped += 1
            drop(client, why: nil)
            return
        }
    }

    private func armStallTimer(_ client: ClientConnection) {
        guard !client.isClosed else { return }
        if client.framer.hasPartialLine {
            guard client.stallTimer == nil else { return }
            let id = client.id
            client.stallTimer = loop.schedule(after: options.stallTimeout) { [weak self] in
                self?.assumeIsolated { $0.stalled(id) }
            }
        } else {
            client.stallTimer?.cancel()
            client.stallTimer = nil
        }
    }

    private func stalled(_ id: Int) {
        guard let client = clients[id] else { return }
        client.stallTimer = nil
        _ = client.send(Response.error(code: .syntax, reason: "message not finished within \(options.stallTimeout); closing").encoded())
        log("client \(client.peer) stalled mid-message; dropped")
        clientsDropped += 1
        drop(client, why: nil)
    }

    private func drop(_ client: ClientConnection, why: String?) {
        if let why { log(why) }
        client.close()
        clients[client.id] = nil
        // Its prompt leaves with it.
        if case .prompt(let ticket) = client.waiting {
            client.waiting = nil
            controller.stack.assumeIsolated { $0.withdrawPrompt(ticket) }
        }
    }

    // MARK: psplash FIFO

    private func readFIFO() {
        guard let fifo else { return }
        for _ in 0..<4 {
            let n = fifo.read(into: readBuffer)
            guard n > 0 else { return }
            // Each command is carried out as it is framed, none collected: a flood costs
            // no memory beyond the read buffer and the one command in hand.
            var quit = false
            fifoFramer.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n])) { event in
                if !quit { quit = carryOut(fifoEvent: event) }
            }
            // As psplash: what a read ends with is a command too, terminated or not.
            if !quit, let tail = fifoFramer.flush() { quit = carryOut(fifoEvent: .line(tail)) }
            if quit {
                log("QUIT from psplash FIFO")
                stop(exitCode: 0, retainPicture: false)
                return
            }
        }
    }

    /// One psplash command; true when it was QUIT (the caller stops the daemon).
    private func carryOut(fifoEvent event: LineFramer.Event) -> Bool {
        switch event {
        case .tooLong:
            log("psplash FIFO: command longer than \(ProtocolLimits.maxLineBytes - 1) bytes ignored")
        case .line(let bytes):
            do {
                let command = try PsplashCommand.parse(bytes)
                if command == .quit { return true }
                controller.assumeIsolated { $0.handle(command) }
                bootProgress?.assumeIsolated { $0.note(command) }
            } catch {
                log("psplash FIFO: \(error)")
            }
        }
        return false
    }

    // MARK: Signals and theme

    private func handleSignal(_ signal: Signal) {
        guard !stopped else { return }
        switch signal {
        case .hangUp:
            let r = reloadTheme()
            if case .error(_, let reason) = r { log("SIGHUP: theme not reloaded: \(reason)") }
        default:
            log("signal \(signal): exiting")
            stop(exitCode: 0, retainPicture: false)
        }
    }

    /// Re-reads the theme; keeps the old one when the new one is broken.
    public func reloadTheme() -> Response {
        do {
            let theme = try loadTheme()
            controller.assumeIsolated { $0.setTheme(theme) }
            output.apply(theme: theme)
            log("theme \(theme.name) loaded")
            return .ok([Field("theme", theme.name)])
        } catch {
            return .error(code: .failed, reason: error.description)
        }
    }

    /// `chroot(2)` into `directory`, the real root mounted by the initramfs,
    /// before it becomes `/`: afterwards fonts, libraries still to be loaded
    /// and themes come from the real root, not the emptied initramfs (open
    /// fds and the socket are unaffected), and every mapped file the real
    /// root holds unchanged — the binary, libc, FreeType, the fonts — is
    /// mapped from there (`MappedFileMover`): the initramfs's copies are
    /// freed at switch-root, and the pages are shared with the system's.
    func moveRoot(to directory: String) -> Response {
        var info = stat()
        guard stat(directory, &info) == 0 else {
            return .error(code: .failed, reason: "newroot \(directory): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return .error(code: .failed, reason: "newroot \(directory): not a directory")
        }
        let mover: MappedFileMover?
        do { mover = try MappedFileMover() } catch {
            mover = nil
            log("newroot: \(error): the old root's files stay mapped")
        }
        guard chroot(directory) == 0 else {
            return .error(code: .failed, reason: "newroot \(directory): chroot: \(String(cString: strerror(errno)))")
        }
        _ = chdir("/")
        log("moved into the new root \(directory)")
        // The main thread waits for the daemon's exit code (Daemon.run) and touches nothing till then.
        // After the reply: the initramfs waits for it to switch root, and the files are open already
        // (switch-root deleting them does not matter now).
        if let mover {
            loop.execute { [weak self] in
                let started = SystemClock.shared.now()
                let moved = mover.moveOntoNewRoot(parkedThreads: 1)
                let ms = (SystemClock.shared.now().nanoseconds - started.nanoseconds) / 1_000_000
                self?.assumeIsolated { $0.log("newroot: \(moved) (\(ms) ms)") }
            }
        }
        bootProgress?.assumeIsolated { $0.rootMoved() }
        return .ok
    }

    // MARK: Stopping

    /// Closes every client, the socket (removing its file) and the FIFO,
    /// stops the output and reports `exitCode`. Idempotent.
    public func stop(exitCode: Int32, retainPicture: Bool) {
        guard !stopped else { return }
        stopped = true
        bootProgress?.assumeIsolated { $0.finish() }
        closeEverything()
        output.stop(retainPicture: retainPicture)
        // As plymouthd: quit is ACKed once the splash is done, just before the exit.
        plymouth?.assumeIsolated { $0.acknowledgeQuit() }
        plymouth = nil
        onExit(exitCode)
    }

    private func closeEverything() {
        for w in watches { w.cancel() }
        watches.removeAll()
        for client in clients.values {
            switch client.waiting {
            case .exit: _ = client.send(Response.ok.encoded())
            case .button: _ = client.send(Response.error(code: .failed, reason: "the daemon quit before the button was pressed").encoded())
            case .prompt: _ = client.send(Response.error(code: .failed, reason: "the daemon quit before the prompt was answered").encoded())
            case nil: break
            }
            client.close()
        }
        clients.removeAll()
        listener?.close()
        listener = nil
        fifo?.closeAndUnlink()
        fifo = nil
        plymouth?.assumeIsolated { $0.stop() }
        swupdate?.assumeIsolated { $0.stop() }
        swupdate = nil
        boundPlymouthSocket?.fd.close()
        boundPlymouthSocket = nil
        signals = nil
    }
}
