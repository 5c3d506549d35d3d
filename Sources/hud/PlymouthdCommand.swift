import Glibc
import HUDCore
import HUDDaemon
import HUDPlymouth

/// `hud plymouthd`, and `hud` run under the name `plymouthd`: plymouthd's
/// command line, so Debian's plymouth units and initramfs scripts start the
/// daemon unchanged. It serves Plymouth's socket (`hud daemon --plymouth`)
/// and ours, in the splash mode asked for; daemonizes unless `--no-daemon`,
/// the parent exiting 0 once both sockets listen (`Type=forking`); exits 0 at
/// once when a running daemon holds Plymouth's socket; survives switch-root
/// (argv[0] starts with '@', and Plymouth's newroot moves it into the real root).
enum PlymouthdCommand {
    static let subcommand = Subcommand(name: "plymouthd", summary: "plymouthd's command line (for Plymouth's units): the daemon with Plymouth's socket", run: run)

    /// The names `hud` answers to as plymouthd (argv[0]'s last component, '@' or not).
    static func isInvokedAsPlymouthd(_ argv0: String) -> Bool {
        let name = argv0.split(separator: "/").last.map(String.init) ?? argv0
        return name == "plymouthd" || name == "@plymouthd"
    }

    /// plymouthd's flags that change nothing here, and why.
    static let ignored: [(name: String, why: String)] = [
        ("attach-to-session", "console messages are not redirected into a boot log"),
        ("debug", "the log always says what the daemon does"),
        ("tty", "the display is KMS or fbdev; the VT is found by the display code"),
        ("ignore-serial-consoles", "serial consoles never get a splash"),
        ("graphical-boot", "the splash is always graphical"),
        ("no-boot-log", "no boot log is written"),
    ]

    static let parser: OptionParser = {
        var p = OptionParser(
            command: "plymouthd",
            summary: """
                plymouthd's command line, for Plymouth's systemd units and initramfs scripts
                (also as the name 'plymouthd': a link to hud). Runs 'hud daemon --plymouth' in the
                given mode: Plymouth's socket, ours ($HUD_SOCKET, else /run/kioskhud/hud.sock) and
                psplash's FIFO. In the background unless --no-daemon; the starting process exits 0
                once the sockets listen, or at once when a running daemon serves Plymouth's socket.
                No pid file is written while the daemon cannot prompt for a password (docs/boot.md).
                Flags take --flag=value or --flag value; flags also yes/no, as plymouthd's.
                Exit status: 0 started (or already running), 1 when it cannot start or bad usage.
                """,
            options: [
                .init(name: "mode", placeholder: "MODE", help: "boot (default), shutdown, reboot, updates, system-upgrade, firmware-upgrade"),
                .init(name: "pid-file", placeholder: "PATH", help: "write the daemon's pid there (only once a password prompt works: docs/boot.md)"),
                .init(name: "no-daemon", placeholder: nil, help: "stay in the foreground"),
                .init(name: "debug-file", placeholder: "PATH", help: "append the daemon's log to this file instead of stderr"),
                .init(name: "kernel-command-line", placeholder: "TEXT", help: "kernel command line to use instead of /proc/cmdline (kioskhud.* words)"),
                .init(name: "boot-status-label", placeholder: nil, help: "the label shows each boot status (systemd's unit starting), as Plymouth's themes show it"),
                .init(name: "no-boot-progress", placeholder: nil, help: "keep the theme's indicator; the boot-progress estimate is only reported and recorded"),
                .init(name: "state-dir", placeholder: "DIR", help: "where the previous boot's timings are kept (default /var/lib/kioskhud)"),
                .init(name: "attach-to-session", placeholder: nil, help: "accepted, ignored: console messages are not redirected into a boot log"),
                .init(name: "debug", placeholder: nil, help: "accepted, ignored: the log always says what the daemon does"),
                .init(name: "tty", placeholder: "TTY", help: "accepted, ignored: the display is KMS or fbdev"),
                .init(name: "ignore-serial-consoles", placeholder: nil, help: "accepted, ignored: serial consoles never get a splash"),
                .init(name: "graphical-boot", placeholder: nil, help: "accepted, ignored: the splash is always graphical"),
                .init(name: "no-boot-log", placeholder: nil, help: "accepted, ignored: no boot log is written"),
            ])
        p.plymouthdConventions = true
        return p
    }()

    /// plymouthd's mode words (`--mode`).
    static let modes: KeyValuePairs<String, SplashMode> = [
        "boot": .boot, "shutdown": .shutdown, "reboot": .reboot, "updates": .updates,
        "system-upgrade": .systemUpgrade, "firmware-upgrade": .firmwareUpgrade,
    ]

    /// Reads plymouthd's command line; nil for `--help`.
    /// - Throws: `CommandLineError` naming an unknown flag or a missing value.
    static func settings(_ args: [String]) throws(CommandLineError) -> PlymouthdSettings? {
        guard let o = try parser.parse(args) else { return nil }
        var s = PlymouthdSettings()
        if let word = o.string("mode") {
            if let hit = modes.first(where: { $0.key == word }) {
                s.mode = hit.value
            } else {
                s.unknownMode = word    // plymouthd takes any other word as boot
            }
        }
        s.pidFile = o.string("pid-file").flatMap { $0.isEmpty ? nil : $0 }
        s.daemonize = !o.flag("no-daemon")
        s.debugFile = o.string("debug-file").flatMap { $0.isEmpty ? nil : $0 }
        s.kernelCommandLine = o.string("kernel-command-line")
        s.bootStatusLabel = o.flag("boot-status-label")
        s.bootProgressShown = !o.flag("no-boot-progress")
        s.stateDirectory = try BootProgressOptions.stateDirectory(o.string("state-dir"), command: "plymouthd")
        s.ignored = ignored.map(\.name).filter { o.flag($0) || o.string($0) != nil }
        return s
    }

    /// `daemon.log` in the directory of our socket (/run/kioskhud/daemon.log, where our initramfs script logs).
    static func logFile(beside socketPath: String) -> String {
        let directory = socketPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (directory.isEmpty ? "." : directory) + "/daemon.log"
    }

    /// In the background, as plymouthd: stdin and stdout go to /dev/null, and
    /// stderr, when it is a terminal (initramfs scripts start plymouthd on
    /// the console), is appended to `logFile` instead of writing over the
    /// boot's console. Under systemd stderr is the journal and stays.
    static func detachFromTerminal(logFile: String, log: @Sendable (String) -> Void) {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        if null >= 0 {
            dup2(null, 0)
            dup2(null, 1)
            close(null)
        }
        guard isatty(2) != 0 else { return }
        let directory = logFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !directory.isEmpty { _ = mkdir(directory, 0o755) }
        let fd = open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            log("\(logFile): \(String(cString: strerror(errno))); logging to /dev/null, not the console")
            let n = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if n >= 0 {
                dup2(n, 2)
                close(n)
            }
            return
        }
        dup2(fd, 2)
        close(fd)
    }

    static func run(_ args: [String]) -> Int32 {
        let settings: PlymouthdSettings
        do {
            guard let s = try Self.settings(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            settings = s
        } catch {
            // 1, not hud's 2: what plymouthd's callers (units, initramfs scripts) check is non-zero.
            StandardError.write("\(error)\n")
            return 1
        }
        if let path = settings.debugFile {    // before the fork: the log goes there, terminal or not
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                StandardError.write("hud plymouthd: --debug-file \(path): \(String(cString: strerror(errno)))\n")
                return 1
            }
            dup2(fd, 2)
            close(fd)
        }
        var options = DaemonOptions()
        options.socketPath = DaemonClient.socketPath(option: nil)
        let dir = getenv("PSPLASH_FIFO_DIR").flatMap { String(validatingCString: $0) }
        options.psplashFIFOPath = PsplashFIFO.path(fifoDirectory: dir)
        options.plymouthSocketName = PlymouthSocketName.current
        options.actsAsPlymouthd = true
        options.mode = settings.mode
        options.pidFile = settings.pidFile
        // As plymouthd: the keyboard answers passphrase prompts (and the pid file depends on it).
        options.readsInput = true
        options.kernelCommandLine = settings.kernelCommandLine
        options.bootStatusLabel = settings.bootStatusLabel
        options.bootProgressShown = settings.bootProgressShown
        options.stateDirectory = settings.stateDirectory
        // The theme our units use, when installed; kioskhud.theme=NAME overrides it.
        let theme = DaemonOptions.defaultThemesDirectory + "/splash.json"
        if access(theme, R_OK) == 0 { options.themeFile = theme }
        // As plymouthd, always: systemd spares processes whose argv[0] starts with '@' at switch-root and shutdown.
        if let argv0 = CommandLine.unsafeArgv[0], argv0[0] != 0 {
            argv0[0] = CChar(bitPattern: UInt8(ascii: "@"))
        }
        let log: @Sendable (String) -> Void = { StandardError.write("hud plymouthd: \($0)\n") }
        var readyPipe: FileDescriptor?
        if settings.daemonize {
            switch Daemonizer.fork() {
            case .parent(let status): return status
            case .child(let pipe):
                readyPipe = pipe
                detachFromTerminal(logFile: logFile(beside: options.socketPath), log: log)
            case .failed(let reason):
                log(reason)
                return 1
            }
        }
        // After the fork: in the log, not on the console.
        if let word = settings.unknownMode { log("--mode \(word): not a mode plymouthd knows; boot, as plymouthd takes it") }
        if !settings.ignored.isEmpty {
            log("accepted and ignored: " + settings.ignored.map { "--" + $0 }.joined(separator: ", "))
        }
        let code = Daemon.run(options, outputChoice: nil, readiness: .fromEnvironment(pipe: readyPipe), log: log)
        fflush(nil)
        _exit(code)    // as `hud daemon`: see DaemonCommand.run
    }
}
