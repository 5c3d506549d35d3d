import Glibc
import HUDCore
import HUDRender
import Testing

/// `hud daemon` and the client commands as real processes: exit statuses,
/// messages, signals, the kernel command line, `hud pipe`, PNG output.
@Suite(.serialized) struct HudProcessTests {
    /// A daemon process with its socket in a temporary directory.
    final class DaemonProcess {
        let dir: TemporaryDirectory
        let process: Subprocess
        /// The daemon says READY=1 here once its socket listens, as to systemd.
        private let notify: NotifySocket
        /// Reaped by `waitUntilListening`: nothing left to kill.
        private var exited = false
        var socket: String { dir.file("hud.sock") }
        var env: [String: String] { ["HUD_SOCKET": socket] }

        init(_ extra: [String] = [], cmdline: String = "quiet") throws {
            dir = try TemporaryDirectory()
            dir.write("cmdline", cmdline + "\n")
            notify = try NotifySocket(path: dir.file("notify"))
            let defaults = (extra.contains("--output") ? [] : ["--output", "none"])
                + (extra.contains("--psplash-fifo") ? [] : ["--psplash-fifo", dir.file("psplash_fifo")])
            process = try Subprocess(["daemon", "--socket", dir.file("hud.sock"), "--cmdline", dir.file("cmdline")] + defaults + extra,
                                     environment: ["NOTIFY_SOCKET": notify.path],
                                     stdoutPath: dir.file("daemon.out"), stderrPath: dir.file("daemon.err"))
        }

        /// Waits for the daemon's READY=1 (sent once its socket listens), not
        /// for a ping to get through: under qemu-user on a loaded machine a
        /// start takes seconds and a ping loop ran out of tries. Records an
        /// issue naming what happened if the daemon exits first or is silent
        /// for 5 minutes (a hang guard only).
        func waitUntilListening() -> Bool {
            for _ in 0..<300 {
                if let message = notify.receive(within: 1000) {
                    if message.hasPrefix("READY=1") { return true }
                    continue
                }
                if let status = process.exitStatus() {
                    exited = true
                    Issue.record("hud daemon exited (\(status)) before it listened: \(log)")
                    return false
                }
            }
            Issue.record("hud daemon said nothing for 5 minutes: \(log)")
            return false
        }

        func hud(_ args: [String], stdin: String? = nil) throws -> (status: Int32?, out: String, err: String) {
            try runHud(args, in: dir, environment: env, stdin: stdin)
        }

        func status(_ key: String) -> String? {
            guard let r = try? hud(["status"]), r.status == 0 else { return nil }
            return r.out.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }

        var log: String { dir.read("daemon.err") ?? "" }

        deinit {
            guard !exited else { return }
            process.signal(SIGKILL)
            _ = process.wait()
        }
    }

    @Test func noDaemonSaysSoAndNamesTheSocket() throws {
        let dir = try TemporaryDirectory()
        let r = try runHud(["show", "--label", "x"], in: dir, environment: ["HUD_SOCKET": dir.file("nobody.sock")])
        #expect(r.status == 1)
        #expect(r.err.contains("no hud daemon is running on \(dir.file("nobody.sock"))"))
        let viaOption = try runHud(["ping", "--socket", dir.file("other.sock")], in: dir)
        #expect(viaOption.status == 1)
        #expect(viaOption.err.contains(dir.file("other.sock")))
    }

    @Test func usageErrorsExitTwo() throws {
        let dir = try TemporaryDirectory()
        let env = ["HUD_SOCKET": dir.file("nobody.sock")]
        #expect(try runHud([], in: dir).status == 2)
        #expect(try runHud(["frobnicate"], in: dir).status == 2)
        let bad = try runHud(["progress", "150"], in: dir, environment: env)
        #expect(bad.status == 2)
        #expect(bad.err.contains("150"))
        #expect(try runHud(["show", "--mode", "sparkles"], in: dir, environment: env).status == 2)
        #expect(try runHud(["show", "--colour", "red"], in: dir, environment: env).status == 2)
        #expect(try runHud(["message"], in: dir, environment: env).status == 2)
        #expect(try runHud(["update"], in: dir, environment: env).status == 2)
        #expect(try runHud(["show", "--image", "relative.png"], in: dir, environment: env).status == 2)
        #expect(try runHud(["daemon", "--output", "fb0"], in: dir).status == 2)
    }

    @Test(arguments: ["daemon", "show", "update", "progress", "message", "hide", "quit", "ping", "status", "reload", "wait", "newroot", "pipe", "render", "demo", "wait-button", "press-button"])
    func everyCommandHasHelp(_ command: String) throws {
        let dir = try TemporaryDirectory()
        let r = try runHud([command, "--help"], in: dir)
        #expect(r.status == 0)
        #expect(r.out.contains("usage: hud \(command)"))
    }

    @Test func drivesTheDaemonThenSIGTERMRestoresAndExits() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        #expect(try d.hud(["show", "--mode", "ring", "--label", "Updating", "--details", "step 1 of 3", "--progress", "10"]).status == 0)
        #expect(d.status("mode") == "ring")
        #expect(try d.hud(["progress", "42"]).status == 0)
        #expect(try d.hud(["message", "正在更新"]).status == 0)
        #expect(d.status("progress") == "42")
        #expect(d.status("label") == "正在更新")
        #expect(try d.hud(["message", "--", "--literal text"]).status == 0)
        #expect(d.status("label") == "--literal text")
        #expect(try d.hud(["message", "正在更新"]).status == 0)
        #expect(try d.hud(["update", "--details", "step 2 of 3"]).status == 0)
        #expect(d.status("details") == "step 2 of 3")
        #expect(try d.hud(["hide", "--after", "0"]).status == 0)
        #expect(eventually { d.status("shown") == "false" })
        let notShown = try d.hud(["update", "--label", "x"])
        #expect(notShown.status == 1)
        #expect(notShown.err.contains("not-shown"))
        d.process.signal(SIGTERM)
        #expect(d.process.waitOrKillIfHung() == 0)
        #expect(!d.dir.exists("hud.sock"))
        #expect(!d.dir.exists("psplash_fifo"))
        #expect(d.log.contains("SIGTERM"))
    }

    @Test func sigintExitsCleanlyAndSighupReloads() throws {
        let dir = try TemporaryDirectory()
        dir.write("look.json", #"{ "cornerRadius": 9 }"#)
        let daemon = try DaemonProcess(["--theme", dir.file("look.json")])
        #expect(daemon.waitUntilListening())
        #expect(daemon.status("theme") == "look")
        dir.write("look.json", "{ broken")
        daemon.process.signal(SIGHUP)
        #expect(eventually { daemon.log.contains("SIGHUP: theme not reloaded") })
        #expect(try daemon.hud(["ping"]).status == 0, "a broken theme does not stop the daemon")
        dir.write("look.json", #"{ "cornerRadius": 3 }"#)
        daemon.process.signal(SIGHUP)
        #expect(eventually { daemon.log.contains("theme look loaded") })
        daemon.process.signal(SIGINT)
        #expect(daemon.process.waitOrKillIfHung() == 0)
        #expect(!daemon.dir.exists("hud.sock"))
    }

    @Test func unusablePsplashFIFOIsNotFatal() throws {
        let d = try DaemonProcess(["--psplash-fifo", "/nonexistent-dir/psplash_fifo"])
        #expect(d.waitUntilListening())
        #expect(d.log.contains("psplash FIFO disabled"))
        #expect(d.log.contains("/nonexistent-dir/psplash_fifo"))
    }

    @Test func kernelCommandLineDisables() throws {
        let d = try DaemonProcess(cmdline: "root=/dev/vda quiet kioskhud.disable")
        #expect(d.process.waitOrKillIfHung() == 0)
        #expect(!d.dir.exists("hud.sock"))
        #expect(d.log.contains("kioskhud.disable"))
    }

    @Test func missingKernelThemeFallsBackButExplicitThemeFails() throws {
        let d = try DaemonProcess(cmdline: "kioskhud.theme=nosuchtheme")
        #expect(d.waitUntilListening())
        #expect(d.status("theme") == "builtin")
        #expect(d.log.contains("nosuchtheme"))
        let e = try DaemonProcess(["--theme", "/nonexistent/theme.json"])
        #expect(e.process.waitOrKillIfHung() == 1)
        #expect(e.log.contains("/nonexistent/theme.json"))
    }

    @Test func pipeTurnsPercentagesIntoProgress() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        let input = "Fetching image\n[  5%] block 1\n[ 37%] block 9\nverifying\n[ 99%] done\n"
        let r = try d.hud(["pipe", "--label", "Updating", "--lines", "details", "--echo"], stdin: input)
        #expect(r.status == 0)
        #expect(r.out == input, "--echo copies the input")
        #expect(d.status("progress") == "99")
        #expect(d.status("label") == "Updating")
        #expect(d.status("details") == "verifying", "the last line without progress")
        let withPattern = try d.hud(["pipe", "--pattern", #"blocks (\d+)/200"#, "--scale", "200"], stdin: "blocks 50/200\n")
        #expect(withPattern.status == 0)
        #expect(d.status("progress") == "25")
    }

    @Test func pipeWithoutDaemonDrainsInputAndFails() throws {
        let dir = try TemporaryDirectory()
        let r = try runHud(["pipe", "--echo"], in: dir, environment: ["HUD_SOCKET": dir.file("none.sock")], stdin: "10%\n20%\n")
        #expect(r.status == 1)
        #expect(r.out == "10%\n20%\n")
        #expect(r.err.contains("no hud daemon"))
    }

    /// `hud ping` as uid/gid 65534 (nobody/nogroup) through setpriv.
    func pingAsNobody(_ d: DaemonProcess) throws -> (status: Int32?, out: String, err: String) {
        try runHud(["--reuid=65534", "--regid=65534", "--clear-groups", Subprocess.hudPath, "ping", "--socket", d.socket],
                   in: d.dir, program: "/usr/bin/setpriv")
    }

    @Test(.enabled(if: geteuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv"))
    func peerCredentialsAreChecked() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        _ = chmod(d.dir.path, 0o755)
        // Mode 0600 keeps others out before any credentials are looked at.
        let closed = try pingAsNobody(d)
        #expect(closed.status == 1)
        #expect(closed.err.contains("not allowed to connect"))
        // Even with the socket opened up by hand, SO_PEERCRED refuses them.
        _ = chmod(d.socket, 0o666)
        let refused = try pingAsNobody(d)
        #expect(refused.status == 1)
        #expect(refused.err.contains("denied") && refused.err.contains("uid 65534"))
        #expect(d.log.contains("refused"))
    }

    @Test(.enabled(if: geteuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv"))
    func configuredGroupIsAllowed() throws {
        let d = try DaemonProcess(["--group", "65534"])
        #expect(d.waitUntilListening())
        _ = chmod(d.dir.path, 0o755)
        var st = stat()
        #expect(lstat(d.socket, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o660)
        #expect(st.st_gid == 65534)
        #expect(try pingAsNobody(d).status == 0)
    }

    @Test func quitRetainExitsZero() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        #expect(try d.hud(["quit", "--retain"]).status == 0)
        #expect(d.process.waitOrKillIfHung() == 0)
        #expect(d.log.contains("retaining"))
    }

    @Test func headlessPNGOutputWithACJKLabel() throws {
        let dir = try TemporaryDirectory()
        let d = try DaemonProcess(["--output", "png:" + dir.file("frames"), "--size", "320x200"])
        #expect(d.waitUntilListening())
        #expect(try d.hud(["show", "--mode", "bar", "--progress", "50", "--label", "更新中", "--no-animation"]).status == 0)
        #expect(eventually { (dir.read("frames/frames.log") ?? "").contains("label=更新中") })
        let png = try PNGFile.read(dir.file("frames/frame.png"))
        #expect(png.buffer.width == 320 && png.buffer.height == 200)
        // The backdrop is black; the bezel in the middle is not.
        let corner = png.buffer.pixel(x: 2, y: 2) & 0xFFFFFF, centre = png.buffer.pixel(x: 160, y: 100) & 0xFFFFFF
        #expect(corner == 0)
        #expect(centre != 0)
        #expect(try d.hud(["quit"]).status == 0)
        #expect(d.process.waitOrKillIfHung() == 0)
    }

    /// `--over`: the daemon's PNG output shows the HUD over a picture, scaled to the output.
    @Test func headlessPNGOutputOverAPicture() throws {
        let dir = try TemporaryDirectory()
        // 160×100, left half red, right half blue: drawn at 320×200.
        let picture = try ContentPicture(width: 160, height: 100)
        picture.draw { canvas in
            canvas.fill(PixelRect(x: 0, y: 0, width: 80, height: 100), rgb: 0xFF0000)
            canvas.fill(PixelRect(x: 80, y: 0, width: 80, height: 100), rgb: 0x0000FF)
            return [canvas.bounds]
        }
        try PNGFile.write(picture.pixels, to: dir.file("app.png"))
        let d = try DaemonProcess(["--output", "png:" + dir.file("frames"), "--size", "320x200", "--over", dir.file("app.png")])
        #expect(d.waitUntilListening())
        #expect(try d.hud(["show", "--label", "Processing", "--no-animation"]).status == 0)
        #expect(eventually { (dir.read("frames/frames.log") ?? "").contains("label=Processing") })
        let png = try PNGFile.read(dir.file("frames/frame.png"))
        #expect(png.buffer.pixel(x: 10, y: 10) & 0xFFFFFF == 0xFF0000)
        #expect(png.buffer.pixel(x: 310, y: 190) & 0xFFFFFF == 0x0000FF)
        // Inside the bezel the two halves are blurred into each other.
        let centre = png.buffer.rgb(x: 160, y: 84)
        #expect(centre.red > 60 && centre.blue > 60, "\(centre)")
        #expect(try d.hud(["quit"]).status == 0)
        #expect(d.process.waitOrKillIfHung() == 0)
        // A file that is not a PNG is refused, naming it.
        dir.write("bad.png", "not a png")
        let bad = try runHud(["daemon", "--over", dir.file("bad.png"), "--output", "none"], in: dir, environment: [:])
        #expect(bad.status == 2 && bad.err.contains("--over") && bad.err.contains("bad.png"), "\(bad.err)")
    }
}
