import Glibc
import Testing

/// What a boot's init system relies on: readiness (`--daemonize`,
/// `sd_notify`), `hud wait`, `hud newroot`, `--mode`, and the kernel
/// command line's theme winning over the units' `--theme`.
@Suite(.serialized) struct BootIntegrationTests {
    typealias DaemonProcess = HudProcessTests.DaemonProcess

    @Test func daemonizeReturnsOnceListeningAndTellsSystemd() throws {
        let dir = try TemporaryDirectory()
        // systemd's side of sd_notify: a datagram socket named by $NOTIFY_SOCKET.
        let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(notify >= 0)
        defer { close(notify) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = dir.file("notify")
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(notify, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        dir.write("cmdline", "quiet\n")
        let env = ["HUD_SOCKET": dir.file("hud.sock"), "NOTIFY_SOCKET": path]
        let started = try runHud(["daemon", "--daemonize", "--output", "none", "--no-psplash", "--cmdline", dir.file("cmdline"),
                                  "--mode", "shutdown"], in: dir, environment: env)
        #expect(started.status == 0)
        // Listening as soon as the parent has returned: no polling needed.
        #expect(try runHud(["ping"], in: dir, environment: env).status == 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { recv(notify, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        let message = String(decoding: buffer[0..<max(n, 0)], as: UTF8.self)
        #expect(message.hasPrefix("READY=1"))
        // The daemon is nobody's child here: its pid comes from MAINPID=.
        let pid = message.split(separator: "\n").first { $0.hasPrefix("MAINPID=") }.flatMap { Int32($0.dropFirst(8)) } ?? 0
        #expect(pid > 0)
        defer { if pid > 0 { kill(pid, SIGKILL) } }
        let status = try runHud(["status"], in: dir, environment: env)
        #expect(status.out.contains("splash-mode=shutdown"))
        #expect(try runHud(["quit"], in: dir, environment: env).status == 0)
        #expect(eventually { (try? runHud(["ping"], in: dir, environment: env))?.status == 1 })
        // And the process itself is gone (it once hung in exit after answering quit).
        #expect(eventually { kill(pid, 0) != 0 }, "daemon \(pid) still running after quit")
    }

    @Test func daemonizeFailsWhenTheDaemonCannotStart() throws {
        let dir = try TemporaryDirectory()
        dir.write("cmdline", "quiet\n")
        // The socket's directory would be a regular file: the daemon cannot listen.
        dir.write("file", "")
        let r = try runHud(["daemon", "--daemonize", "--output", "none", "--no-psplash", "--cmdline", dir.file("cmdline"),
                            "--socket", dir.file("file/hud.sock")], in: dir)
        #expect(r.status == 1)
        #expect(r.err.contains(dir.file("file/hud.sock")))
    }

    @Test func badModeIsAUsageError() throws {
        let dir = try TemporaryDirectory()
        let r = try runHud(["daemon", "--mode", "sideways"], in: dir)
        #expect(r.status == 2)
        #expect(r.err.contains("--mode") && r.err.contains("shutdown"))
    }

    @Test func waitReturnsWhenTheDaemonHasExited() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        let waiter = try Subprocess(["wait"], environment: d.env, stdoutPath: d.dir.file("wait.out"), stderrPath: d.dir.file("wait.err"))
        // The waiter is connected once the daemon has served another client after it.
        #expect(try d.hud(["ping"]).status == 0)
        var status: Int32 = 0
        #expect(waitpid(waiter.pid, &status, WNOHANG) == 0, "hud wait returned while the daemon runs")
        #expect(try d.hud(["quit"]).status == 0)
        #expect(waiter.waitOrKillIfHung() == 0)
        #expect(d.process.waitOrKillIfHung() == 0)
        // No daemon: nothing to wait for.
        #expect(try d.hud(["wait"]).status == 0)
    }

    @Test func kernelThemeOverridesTheThemeOptionAndFallsBackToIt() throws {
        let themes = try TemporaryDirectory()
        themes.write("unit.json", #"{ "bezelStyle": "solidColor" }"#)
        themes.write("dark.json", ##"{ "bezelStyle": "solidColor", "bezelColor": "#101010ff" }"##)
        let d = try DaemonProcess(["--theme", themes.file("unit.json"), "--themes-dir", themes.path], cmdline: "quiet kioskhud.theme=dark")
        #expect(d.waitUntilListening())
        #expect(d.status("theme") == "dark")
        // A kernel theme that is missing falls back to --theme, and the boot goes on.
        let e = try DaemonProcess(["--theme", themes.file("unit.json"), "--themes-dir", themes.path], cmdline: "kioskhud.theme=gone")
        #expect(e.waitUntilListening())
        #expect(e.status("theme") == "unit")
        #expect(e.log.contains("kioskhud.theme=gone"))
    }

    @Test(.enabled(if: geteuid() == 0, "chroot needs root"))
    func newrootMovesTheDaemonIntoTheNewRoot() throws {
        let themes = try TemporaryDirectory()
        themes.write("splash.json", #"{ "bezelStyle": "solidColor" }"#)
        // The "real root": the same theme path inside it holds another theme.
        let root = try TemporaryDirectory()
        let inside = root.path + themes.path
        #expect(mkdirAll(inside))
        root.write(String(themes.path.dropFirst()) + "/splash.json", ##"{ "bezelStyle": "solidColor", "bezelColor": "#ff0000ff" }"##)
        let d = try DaemonProcess(["--theme", themes.file("splash.json")])
        #expect(d.waitUntilListening())
        #expect(try d.hud(["reload"]).status == 0)
        #expect(try d.hud(["newroot", "/nonexistent-root"]).status == 1)
        #expect(try d.hud(["newroot", "relative/path"]).status == 2)
        #expect(try d.hud(["newroot", root.path]).status == 0)
        #expect(d.log.contains("moved into the new root \(root.path)"))
        // The theme is now read from inside the new root: remove the old one.
        _ = unlink(themes.file("splash.json"))
        #expect(try d.hud(["reload"]).status == 0)
        #expect(try d.hud(["quit"]).status == 0)
        #expect(d.process.waitOrKillIfHung() == 0)
    }
}

private func mkdirAll(_ path: String) -> Bool {
    var current = ""
    for part in path.split(separator: "/") {
        current += "/" + part
        if mkdir(current, 0o755) != 0 && errno != EEXIST { return false }
    }
    return true
}
