import CBootSeed
import Glibc
import HUDCore
import HUDDaemon
import HUDProtocol
import HUDPlymouth
import KioskHUD

/// `hud daemon`: owns the display and serves the socket until quit.
enum DaemonCommand {
    static let subcommand = Subcommand(name: "daemon", summary: "own the display and take commands on a socket (boot splash)", run: run)

    static let parser = OptionParser(
        command: "daemon",
        summary: """
            Owns the display from early boot: draws the HUD, listens on a Unix socket for
            'hud show/update/progress/message/hide/quit', and reads psplash's FIFO so
            psplash-write and existing boot scripts work unchanged. SIGTERM/SIGINT exit
            cleanly and give the console back; SIGHUP re-reads the theme. With
            --follow-swupdate it also shows SWUpdate's updates itself. Kernel
            command line: kioskhud.disable, kioskhud.theme=NAME, kioskhud.output=SPEC.
            Exit status: 0 after quit or a signal, 1 when it cannot start, 2 bad usage.
            """,
        options: [
            .init(name: "socket", placeholder: "PATH", help: "socket to listen on (default $HUD_SOCKET, else /run/kioskhud/hud.sock)"),
            .init(name: "group", placeholder: "GROUP", help: "also allow this group (socket mode 0660 instead of 0600)"),
            .init(name: "output", placeholder: "SPEC", help: "auto (default), kms, kms:/dev/dri/cardN, fbdev, fbdev:/dev/fbN, wayland (the compositor's overlay layer; $WAYLAND_DISPLAY), wayland:SOCKET, none, or png:DIR (headless)"),
            .init(name: "pass-input", placeholder: nil, help: "with wayland: touches and clicks go through the HUD to the app below (its button then takes none)"),
            .init(name: "size", placeholder: "WxH", help: "picture size for png:DIR (default 1280x800)"),
            .init(name: "card-wait", placeholder: "SECONDS", help: "with kms: wait this long for a DRM card (default 8); with auto: say after this long that none has come (a later one is still taken; fbdev meanwhile)"),
            .init(name: "outputs", placeholder: "NAME,...", help: "KMS connectors to use, e.g. HDMI-A-1,DSI-1 (default: every connected one)"),
            .init(name: "dri-dir", placeholder: "DIR", help: "where DRM card nodes appear (default /dev/dri)"),
            .init(name: "input", placeholder: nil, help: "read keyboards, touchscreens and pointers (libinput; on a display): typed answers to prompts ('hud ask', Plymouth's passwords), and Enter, a tap or a click on the HUD's button"),
            .init(name: "theme", placeholder: "FILE", help: "theme JSON, as for 'hud render --theme' (kioskhud.theme=NAME on the kernel command line overrides it)"),
            .init(name: "over", placeholder: "FILE.png", help: "show the HUD over this picture, as over an app's (scaled to the screen; a preview of the HUD over your UI)"),
            .init(name: "themes-dir", placeholder: "DIR", help: "where kioskhud.theme=NAME finds NAME.json (default /usr/share/kioskhud/themes)"),
            .init(name: "cmdline", placeholder: "FILE", help: "kernel command line to read (default /proc/cmdline)"),
            .init(name: "psplash-fifo", placeholder: "PATH", help: "psplash FIFO (default $PSPLASH_FIFO_DIR/psplash_fifo, $PSPLASH_FIFO_DIR defaults to /run)"),
            .init(name: "no-psplash", placeholder: nil, help: "do not create psplash's FIFO"),
            .init(name: "plymouth", placeholder: nil, help: "also serve Plymouth's protocol on its socket (@/org/freedesktop/plymouthd), so plymouth, systemd and initramfs-tools drive the HUD; off by default"),
            .init(name: "plymouth-socket", placeholder: "NAME", help: "serve Plymouth's protocol on this abstract socket name instead (implies --plymouth)"),
            .init(name: "boot-status-label", placeholder: nil, help: "with --plymouth: the label shows each boot status (systemd's unit starting, 'plymouth update') until a client sets a label"),
            .init(name: "no-boot-progress", placeholder: nil, help: "with --plymouth: keep the theme's indicator; the boot-progress estimate is only reported (boot-progress= in 'hud status') and recorded"),
            .init(name: "state-dir", placeholder: "DIR", help: "where the previous boot's timings are kept for the boot-progress estimate (default /var/lib/kioskhud)"),
            .init(name: "show", placeholder: nil, help: "show the theme's HUD at once, as psplash does"),
            .init(name: "label", placeholder: "TEXT", help: "label for --show"),
            .init(name: "progress-mode", placeholder: "MODE", help: "indicator that progress switches to: bar (default), ring or pie"),
            .init(name: "follow-swupdate", placeholder: "PATH", help: "show SWUpdate's updates (image, step, percentage, then the success or failure mark) read from its progress socket PATH, as 'hud follow swupdate' does but without a second process; SWUpdate's default socket is /tmp/swupdateprog ($TMPDIR/swupdateprog when SWUpdate has TMPDIR set). Waits for SWUpdate and reconnects when it restarts; the indicator is --progress-mode's"),
            .init(name: "follow-keep", placeholder: "SECONDS", help: "with --follow-swupdate: how long an update's success or failure mark stays (default 2)"),
            .init(name: "initramfs", placeholder: nil, help: "started in the initramfs: survive systemd's switch-root (argv[0] starts with '@', as plymouthd's)"),
            .init(name: "daemonize", placeholder: nil, help: "run in the background; return once the socket listens (exit 1 if it cannot start), as plymouthd does"),
            .init(name: "mode", placeholder: "MODE", help: "what the splash is for: boot (default), shutdown, reboot, updates, system-upgrade, firmware-upgrade"),
        ])

    static func run(_ args: [String]) -> Int32 {
        var options = DaemonOptions()
        let output: OutputSpec?
        var daemonize = false
        do {
            guard let o = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            options.socketPath = DaemonClient.socketPath(option: o.string("socket"))
            options.group = o.string("group")
            output = try o.string("output").map { (s: String) throws(CommandLineError) -> OutputSpec in
                do { return try OutputSpec(parsing: s) } catch { throw CommandLineError("hud daemon: --output: \(error)") }
            }
            if let size = try o.size("size", in: 16...8192) { options.pictureSize = size }
            if let w = try o.double("card-wait", in: 0...3600) { options.cardWait = .hudSeconds(w) }
            if let d = o.string("dri-dir") { options.driDirectory = d }
            options.readsInput = o.flag("input")
            options.passesInput = o.flag("pass-input")
            if let names = o.string("outputs") {
                let list = names.split(separator: ",").map(String.init)
                guard !list.isEmpty else { throw CommandLineError("hud daemon: --outputs \(names): expected connector names, e.g. HDMI-A-1,DSI-1") }
                options.connectors = Set(list)
            }
            options.themeFile = o.string("theme")
            if let over = o.string("over") {
                do { options.content = try ScreenContent(pngAt: over) } catch { throw CommandLineError("hud daemon: --over: \(error)") }
            }
            if let d = o.string("themes-dir") { options.themesDirectory = d }
            if let c = o.string("cmdline") { options.kernelCommandLinePath = c }
            if !o.flag("no-psplash") {
                let dir = getenv("PSPLASH_FIFO_DIR").flatMap { String(validatingCString: $0) }
                options.psplashFIFOPath = o.string("psplash-fifo") ?? PsplashFIFO.path(fifoDirectory: dir)
            }
            if let name = o.string("plymouth-socket") {
                guard !name.isEmpty, !name.utf8.contains(0), name.utf8.count < 107 else {
                    throw CommandLineError("hud daemon: --plymouth-socket \(name): expected a name of 1 to 106 bytes")
                }
                options.plymouthSocketName = name
            } else if o.flag("plymouth") {
                options.plymouthSocketName = PlymouthSocketName.current
            }
            options.bootStatusLabel = o.flag("boot-status-label")
            options.bootProgressShown = !o.flag("no-boot-progress")
            options.stateDirectory = try BootProgressOptions.stateDirectory(o.string("state-dir"), command: "hud daemon")
            options.showAtStart = o.flag("show") || o.string("label") != nil
            options.startLabel = o.string("label")
            if o.flag("initramfs"), let argv0 = CommandLine.unsafeArgv[0], argv0[0] != 0 {
                // systemd spares processes whose /proc/PID/cmdline starts with '@' when it switches root.
                argv0[0] = CChar(bitPattern: UInt8(ascii: "@"))
            }
            if let m = try o.choice("mode", ["boot": SplashMode.boot, "shutdown": .shutdown, "reboot": .reboot, "updates": .updates,
                                                 "system-upgrade": .systemUpgrade, "firmware-upgrade": .firmwareUpgrade]) {
                options.mode = m
            }
            daemonize = o.flag("daemonize")
            if let m = try o.choice("progress-mode", ["bar": HUDMode.determinateHorizontalBar, "ring": .annularDeterminate, "pie": .determinate]) {
                options.progressMode = m
            }
            options.swupdateProgressSocket = try o.string("follow-swupdate").map(swupdateSocket)
            if let keep = try o.double("follow-keep", in: 0...ProtocolLimits.maxHideDelaySeconds) {
                guard options.swupdateProgressSocket != nil else {
                    throw CommandLineError("hud daemon: --follow-keep is for --follow-swupdate PATH (how long its marks stay)")
                }
                options.updateMarkSeconds = keep
            }
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
        let log: @Sendable (String) -> Void = { StandardError.write("hud daemon: \($0)\n") }
        if kiosk_boot_seed_was_deterministic() != 0 {
            log("the kernel's random pool was not ready at start: hashing with a fixed seed instead of waiting for it")
        }
        var readyPipe: FileDescriptor?
        if daemonize {
            switch Daemonizer.fork() {
            case .parent(let status): return status
            case .child(let pipe): readyPipe = pipe
            case .failed(let reason):
                log(reason)
                return 1
            }
        }
        let code = Daemon.run(options, outputChoice: output, readiness: .fromEnvironment(pipe: readyPipe), log: log)
        // Everything is cleaned up (console, socket, FIFO). _exit, not exit: the
        // loop thread may still be releasing its last objects, and exit's
        // static destructors running beside it were seen to spin both threads
        // on a futex forever (once, in a test; the daemon had answered quit).
        fflush(nil)
        _exit(code)
    }

    /// `--follow-swupdate PATH`: the absolute path of a socket (the daemon
    /// may `chdir` or move into a new root), within a Unix socket address's
    /// length, and not a directory.
    static func swupdateSocket(_ path: String) throws(CommandLineError) -> String {
        func bad(_ why: String) -> CommandLineError { CommandLineError("hud daemon: --follow-swupdate '\(path)': \(why)") }
        let example = SWUpdateFollower.defaultSocketPath(temporaryDirectory: nil)
        guard path.hasPrefix("/") else { throw bad("expected the absolute path of SWUpdate's progress socket, e.g. \(example) (SWUpdate's default)") }
        var info = stat()
        if path.hasSuffix("/") || (stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR) {
            throw bad("is a directory; expected the path of SWUpdate's progress socket in it, e.g. \(SWUpdateFollower.defaultSocketPath(temporaryDirectory: path))")
        }
        do { _ = try UnixSocketAddress(path) } catch { throw bad("longer than the 107 bytes a Unix socket's path can have") }
        return path
    }
}
