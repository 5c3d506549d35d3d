#if canImport(Glibc)
import Glibc
#endif
import HUDCore
import HUDKMS
import HUDProtocol

/// `hud daemon`: sets everything up, runs until quit or a signal, cleans up.
public enum Daemon {
    /// The signals the daemon takes through its signalfd: TERM/INT exit,
    /// HUP reloads the theme. (USR1/USR2, VT switching, go to the display's
    /// own signalfd, `HUDScreen`.)
    public static let signals: [Signal] = [.terminate, .interrupt, .hangUp]

    /// Blocks `signals` and the VT switch signals (before any thread starts)
    /// and ignores SIGPIPE, so a client that vanishes mid-answer cannot kill the daemon.
    public static func blockSignals() {
        signal(SIGPIPE, SIG_IGN)
        SignalWatcher.block(signals + [.user1, .user2])
    }

    /// Runs the daemon on the calling (main) thread's behalf and returns its
    /// exit code: 0 after quit/SIGTERM/SIGINT or when `kioskhud.disable` is
    /// set, 1 when it could not start.
    ///
    /// Must be called before any other thread exists: it blocks the signals
    /// the daemon takes through a signalfd.
    /// - Parameter readiness: told once the socket listens (systemd, `--daemonize`).
    public static func run(_ options: DaemonOptions, outputChoice: OutputSpec?,
                           readiness: DaemonReadiness = .none,
                           log: @escaping @Sendable (String) -> Void) -> Int32 {
        blockSignals()
        let cmdline = options.kernelCommandLine.map(KernelCommandLine.init(parsing:))
            ?? KernelCommandLine.read(path: options.kernelCommandLinePath)
        for word in cmdline.unknown { log("ignoring unknown kernel parameter \(word)") }
        if cmdline.disabled {
            log("kioskhud.disable is set on the kernel command line; not starting")
            return 0
        }
        // As plymouthd: Plymouth's name held by a running daemon (the one from
        // the initramfs, after switch-root) means there is nothing to do.
        var plymouthSocket: BoundPlymouthSocket?
        if options.actsAsPlymouthd, let name = options.plymouthSocketName {
            do throws(DaemonError) {
                plymouthSocket = try BoundPlymouthSocket.bind(name: name)
            } catch .nameTaken(let address) {
                log("\(address) is served by a running daemon already; exiting 0, as plymouthd does")
                return 0
            } catch {
                log("\(error)")
                return 1
            }
        }

        let progressMode = options.progressMode
        let load: @Sendable (String?) throws(ThemeError) -> DaemonTheme = { file in
            var theme = DaemonTheme()
            if let file {
                let (loaded, warnings) = try DaemonTheme.load(file: file)
                for w in warnings { log("theme: \(w)") }
                theme = loaded
            }
            theme.progressMode = progressMode
            return theme
        }
        // kioskhud.theme=NAME on the kernel command line overrides --theme (the
        // units' and the initramfs script's default), and never stops a boot:
        // a missing or broken one falls back to --theme, then the built-in look.
        var loaded: DaemonTheme?
        var chosenFile = options.themeFile
        if let name = cmdline.theme {
            let path = DaemonTheme.path(named: name, in: options.themesDirectory)
            do {
                loaded = try load(path)
                chosenFile = path
            } catch {
                log("kioskhud.theme=\(name): \(error); using \(options.themeFile ?? "the built-in theme")")
            }
        }
        if loaded == nil {
            do {
                loaded = try load(options.themeFile)
            } catch {
                log("\(error)")
                return 1
            }
        }
        let themeFile = chosenFile
        let loadTheme: @Sendable () throws(ThemeError) -> DaemonTheme = { () throws(ThemeError) in try load(themeFile) }
        let theme = loaded ?? DaemonTheme()

        var chosen = outputChoice ?? .auto
        if outputChoice == nil, let fromKernel = cmdline.output {
            do { chosen = try OutputSpec(parsing: fromKernel) } catch { log("kioskhud.output: \(error); using auto") }
        }
        let spec = chosen
        let policy: AccessPolicy
        do {
            policy = AccessPolicy(group: try options.group.map { (g: String) throws(DaemonError) -> UInt32 in try AccessPolicy.groupID(g) })
        } catch {
            log("\(error)")
            plymouthSocket?.fd.close()
            return 1
        }

        let latch: ExitLatch
        let loop: EventLoop
        do {
            latch = try ExitLatch()
            loop = try EventLoop()
        } catch {
            log("\(error)")
            plymouthSocket?.fd.close()
            return 1
        }
        let stack = HUDStack(loop: loop)
        let controller = HUDController(stack: stack, theme: theme, splashMode: options.mode)
        let server: DaemonServer
        do {
            let output = try OutputFactory.make(spec, options: options, log: log)
            server = DaemonServer(controller: controller, output: output, options: options, policy: policy,
                                  loadTheme: loadTheme, log: log, onExit: { readiness.stopping(); latch.release($0) },
                                  plymouthSocket: plymouthSocket)
        } catch {
            log("\(error)")
            plymouthSocket?.fd.close()
            loop.shutdown()
            return 1
        }
        let pidFile = options.pidFile.map(PidFile.init(path:))
        loop.execute {
            server.assumeIsolated { server in
                do {
                    try server.start(watchSignals: true)
                    log("listening on \(options.socketPath)" + (options.psplashFIFOPath.map { ", psplash FIFO \($0)" } ?? "")
                        + (server.plymouth.map { ", Plymouth socket \($0.address)" } ?? "")
                        + (options.swupdateProgressSocket.map { ", following SWUpdate at \($0)" } ?? "")
                        + ", theme \(theme.name), output \(spec)" + (options.mode == .boot ? "" : ", mode \(options.mode)"))
                    // Before the readiness byte: a `Type=forking` unit's parent exits only after the pid file exists.
                    if let pidFile, writePidFile(pidFile, promptsWork: server.output.readsKeys, log: log) {
                        // Input found unusable later (when a prompt, a keystroke watch or a button first needs
                        // it; with no need it is never tried): systemd's Plymouth agent would take
                        // NO_ANSWER and give up, and with the file there no console agent asks instead, so a
                        // passphrase request would wait for its timeout. Without the file, systemd asks on the console.
                        server.output.whenKeysLost {
                            pidFile.remove(ifNaming: getpid())
                            log("input: no key can reach a prompt: removed the pid file \(pidFile.path), so systemd asks for passphrases on the console")
                        }
                    }
                    readiness.ready()
                } catch {
                    log("\(error)")
                    latch.release(1)
                }
            }
        }
        let code = latch.wait()
        loop.shutdown()
        // Only if it names this daemon: one never written, or replaced since, stays as it is.
        pidFile?.remove(ifNaming: getpid())
        return code
    }

    /// Writes plymouthd's pid file only when a passphrase can be typed into
    /// the HUD (`promptsWork`: input is read on a display), else says why
    /// not. Never one without the other: systemd runs its Plymouth password
    /// agent, and not its console agent, when `/run/plymouth/pid` exists
    /// (`ConditionPathExists=` of `systemd-ask-password-plymouth.path` and
    /// `-console.path`), so a pid file with no prompt behind it would leave a
    /// disk passphrase request unanswerable.
    /// - Returns: whether it was written.
    @discardableResult
    static func writePidFile(_ file: PidFile, promptsWork: Bool, log: @Sendable (String) -> Void) -> Bool {
        guard promptsWork else {
            log("not writing the pid file \(file.path): no passphrase can be typed here (no --input, or no display), and systemd's Plymouth"
                + " password agent runs when \(PidFile.plymouthPath) exists, so a disk passphrase request would hang; without it systemd asks on the console")
            return false
        }
        do {
            try file.write(pid: getpid())
            return true
        } catch {
            log("pid file: \(error)")
            return false
        }
    }
}
