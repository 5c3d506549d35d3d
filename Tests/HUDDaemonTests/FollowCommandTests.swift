import Glibc
import Testing

/// `hud follow`'s command line and `hud daemon --follow-swupdate`'s: help,
/// mistakes refused as usage (exit 2) naming what was wrong, before anything
/// is connected; `hud follow swupdate --once` against a fake SWUpdate. The
/// real tools are board/updates/run.sh's.
@Suite struct FollowCommandTests {
    @Test func helpAndUsageErrors() throws {
        let dir = try TemporaryDirectory()
        let help = try runHud(["follow", "--help"], in: dir)
        #expect(help.status == 0)
        #expect(help.out.contains("usage: hud follow"))
        let unknown = try runHud(["follow", "mender"], in: dir)
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("unknown tool 'mender'"))
        #expect(try runHud(["follow"], in: dir).status == 2)
        let wrongOption = try runHud(["follow", "swupdate", "--bus", "unix:path=/x"], in: dir)
        #expect(wrongOption.status == 2)
        #expect(wrongOption.err.contains("--bus is for rauc"))
        #expect(try runHud(["follow", "rauc", "--progress-socket", "/x"], in: dir).status == 2)
        let mode = try runHud(["follow", "swupdate", "--mode", "spinner"], in: dir)
        #expect(mode.status == 2)
        #expect(mode.err.contains("--mode 'spinner'"))
        #expect(try runHud(["follow", "swupdate", "--keep", "-1"], in: dir).status == 2)
    }

    @Test func daemonFollowOptionUsageErrors() throws {
        let dir = try TemporaryDirectory()
        let help = try runHud(["daemon", "--help"], in: dir)
        #expect(help.out.contains("--follow-swupdate PATH"))
        #expect(help.out.contains("/tmp/swupdateprog"), "SWUpdate's default socket is named")
        let long = "/" + String(repeating: "x", count: 120)
        let cases: [([String], String)] = [
            (["--follow-swupdate", "swupdateprog"],
             "hud daemon: --follow-swupdate 'swupdateprog': expected the absolute path of SWUpdate's progress socket, e.g. /tmp/swupdateprog"),
            (["--follow-swupdate", dir.path],
             "hud daemon: --follow-swupdate '\(dir.path)': is a directory; expected the path of SWUpdate's progress socket in it, e.g. \(dir.path)/swupdateprog"),
            (["--follow-swupdate", "/run/"], "hud daemon: --follow-swupdate '/run/': is a directory"),
            (["--follow-swupdate", long], "hud daemon: --follow-swupdate '\(long)': longer than the 107 bytes"),
            (["--follow-keep", "3"], "hud daemon: --follow-keep is for --follow-swupdate PATH"),
            (["--follow-swupdate", "/tmp/swupdateprog", "--follow-keep", "soon"], "hud daemon: --follow-keep 'soon': expected a number"),
            (["--follow-swupdate"], "hud daemon: option '--follow-swupdate' needs a value PATH"),
        ]
        for (args, message) in cases {
            let r = try runHud(["daemon", "--output", "none", "--socket", dir.file("hud.sock")] + args, in: dir)
            #expect(r.status == 2, "\(args): exit \(r.status as Any)")
            #expect(r.err.hasPrefix(message), "\(args): \(r.err)")
        }
    }

    @Test func followSWUpdateOnceShowsOneUpdateAndExits() throws {
        let daemon = try HudProcessTests.DaemonProcess()
        #expect(daemon.waitUntilListening())
        let swupdate = try FakeSWUpdate(path: daemon.dir.file("swupdateprog"))
        let follower = try Subprocess(["follow", "swupdate", "--once", "--keep", "30", "--socket", daemon.socket],
                                      environment: ["TMPDIR": daemon.dir.path],
                                      stdoutPath: daemon.dir.file("follow.out"), stderrPath: daemon.dir.file("follow.err"))
        #expect(swupdate.accept(), "hud follow swupdate connects to $TMPDIR/swupdateprog")
        swupdate.send([.init(status: .run, image: "rootfs.img"), .init(status: .progress, percent: 100, image: "rootfs.img"),
                       .init(status: .run, step: 2), .init(status: .success, step: 2)])
        #expect(follower.waitOrKillIfHung() == 0, "\(daemon.dir.read("follow.err") ?? "")")
        #expect(daemon.status("mode") == "success")
        #expect(daemon.status("label") == "Update installed")
        #expect(daemon.dir.read("follow.err")?.contains("hud follow swupdate: connected to \(daemon.dir.file("swupdateprog"))") == true)
    }
}
