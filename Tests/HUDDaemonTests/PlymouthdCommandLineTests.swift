import Glibc
@testable import hud
import HUDDaemon
import HUDPlymouth
import Testing

/// `hud plymouthd`'s command line, read as plymouthd's parser reads it:
/// every flag, `--flag=value` and `--flag value`, yes/no on flags, and
/// errors that name the flag (exit 1).
@Suite struct PlymouthdCommandLineTests {
    private func read(_ args: [String]) throws -> PlymouthdSettings {
        try #require(try PlymouthdCommand.settings(args))
    }

    @Test func debianUnitsAndInitramfsLines() throws {
        // plymouth-start.service, then init-premount/plymouth's order.
        for args in [["--mode=boot", "--pid-file=/run/plymouth/pid", "--attach-to-session"],
                     ["--mode=boot", "--attach-to-session", "--pid-file=/run/plymouth/pid"]] {
            let s = try read(args)
            #expect(s.mode == .boot && s.pidFile == "/run/plymouth/pid" && s.daemonize && s.ignored == ["attach-to-session"], "\(args)")
        }
        let off = try read(["--mode=shutdown", "--attach-to-session"])    // plymouth-poweroff/halt.service
        #expect(off.mode == .shutdown && off.pidFile == nil)
        #expect(try read([]) == PlymouthdSettings())
    }

    @Test func everyModeInBothForms() throws {
        let modes: [(String, SplashMode)] = [("boot", .boot), ("shutdown", .shutdown), ("reboot", .reboot), ("updates", .updates),
                                              ("system-upgrade", .systemUpgrade), ("firmware-upgrade", .firmwareUpgrade)]
        for (word, mode) in modes {
            #expect(try read(["--mode=\(word)"]).mode == mode, "--mode=\(word)")
            #expect(try read(["--mode", word]).mode == mode, "--mode \(word)")
        }
        // As plymouthd: any other word is boot (said in the log, never a failed boot).
        let odd = try read(["--mode=boot-up"])
        #expect(odd.mode == .boot && odd.unknownMode == "boot-up")
    }

    @Test func everyValueFlagInBothForms() throws {
        for form in [{ (n: String, v: String) in ["--\(n)=\(v)"] }, { (n: String, v: String) in ["--\(n)", v] }] {
            let s = try read(form("pid-file", "/tmp/p") + form("debug-file", "/tmp/d") + form("kernel-command-line", "quiet kioskhud.output=none")
                             + form("tty", "tty7") + form("mode", "reboot"))
            #expect(s.pidFile == "/tmp/p" && s.debugFile == "/tmp/d" && s.kernelCommandLine == "quiet kioskhud.output=none" && s.mode == .reboot)
            #expect(s.ignored == ["tty"])
        }
        // `=` keeps everything after the first one, spaces and '=' included.
        #expect(try read(["--kernel-command-line=a=b c"]).kernelCommandLine == "a=b c")
    }

    @Test func everyFlagWithYesOrNo() throws {
        let flags = ["no-daemon", "attach-to-session", "debug", "ignore-serial-consoles", "graphical-boot", "no-boot-log"]
        let all = try read(flags.map { "--" + $0 })
        #expect(!all.daemonize)
        #expect(all.ignored == ["attach-to-session", "debug", "ignore-serial-consoles", "graphical-boot", "no-boot-log"])
        // As ply-command-parser (rpmatch): y…/n… after '=' or as the next argument set or clear the flag.
        #expect(try read(["--no-daemon=yes"]).daemonize == false)
        #expect(try read(["--no-daemon=no"]).daemonize == true)
        #expect(try read(["--no-daemon", "y"]).daemonize == false)
        #expect(try read(["--no-daemon", "No", "--mode=reboot"]).daemonize == true)
        #expect(try read(["--debug", "n", "--attach-to-session"]).ignored == ["attach-to-session"])
        // A flag followed by another flag stays a plain flag.
        let s = try read(["--no-daemon", "--mode", "updates"])
        #expect(!s.daemonize && s.mode == .updates)
    }

    @Test func errorsNameTheFlag() throws {
        let cases: [([String], String)] = [
            (["--frobnicate"], "hud plymouthd: unknown option '--frobnicate'"),
            (["--mode=boot", "--frobnicate=1"], "hud plymouthd: unknown option '--frobnicate'"),
            (["--pid-file"], "hud plymouthd: option '--pid-file' needs a value"),
            (["--pid-file", "--attach-to-session"], "hud plymouthd: option '--pid-file' needs a value"),
            (["--no-daemon=maybe"], "hud plymouthd: option '--no-daemon' takes no value but yes or no"),
            (["--mode=boot", "--mode=shutdown"], "hud plymouthd: option '--mode' given twice"),
            (["splash"], "hud plymouthd: unexpected argument 'splash'"),
            (["-x"], "hud plymouthd: unknown option '-x'"),
        ]
        for (args, message) in cases {
            #expect(throws: CommandLineError.self, "\(args)") { try PlymouthdCommand.settings(args) }
            do {
                _ = try PlymouthdCommand.settings(args)
            } catch {
                #expect(error.message.hasPrefix(message), "\(args): \(error.message)")
            }
        }
        #expect(try PlymouthdCommand.settings(["--help"]) == nil)
    }

    @Test func otherCommandsKeepHudsConventions() throws {
        // Only the plymouthd parser reads yes/no; `hud daemon --show=no` is still an error.
        #expect(throws: CommandLineError.self) { try DaemonCommand.parser.parse(["--show=no"]) }
        #expect(try DaemonCommand.parser.parse(["--label", "--dash"])?.string("label") == "--dash")
    }

    @Test func answersToTheNamePlymouthd() throws {
        for name in ["plymouthd", "/usr/sbin/plymouthd", "/sbin/plymouthd", "@plymouthd", "@usr/sbin/plymouthd"] {
            #expect(PlymouthdCommand.isInvokedAsPlymouthd(name), "\(name)")
        }
        for name in ["hud", "/usr/bin/hud", "plymouth", "plymouthd-fd-escrow"] {
            #expect(!PlymouthdCommand.isInvokedAsPlymouthd(name), "\(name)")
        }
        // Run through a link named plymouthd: plymouthd's command line, exit 1 naming the bad flag.
        let dir = try TemporaryDirectory()
        #expect(symlink(Subprocess.hudPath, dir.file("plymouthd")) == 0)
        let r = try runHud(["--frobnicate"], in: dir, program: dir.file("plymouthd"))
        #expect(r.status == 1 && r.err.hasPrefix("hud plymouthd: unknown option '--frobnicate'"), "\(r.status as Any) \(r.err)")
        let help = try runHud(["--help"], in: dir, program: dir.file("plymouthd"))
        #expect(help.status == 0 && help.out.hasPrefix("usage: hud plymouthd"), "\(help.out.prefix(80))")
    }
}
