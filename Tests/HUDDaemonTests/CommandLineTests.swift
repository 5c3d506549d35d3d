import Testing

/// The one option parser of every `hud` command, run as a user runs it:
/// options and positionals in any order, `--` and `-h`, `--version`, and
/// errors that name what was wrong (exit 2) before anything is sent.
@Suite struct CommandLineTests {
    @Test func optionsAndPositionalsInAnyOrder() throws {
        let d = try HudProcessTests.DaemonProcess()
        #expect(d.waitUntilListening())
        for args in [["progress", "--socket", d.socket, "42"], ["progress", "42", "--socket", d.socket],
                     ["progress", "--socket=\(d.socket)", "42%"]] {
            let r = try runHud(args, in: d.dir)
            #expect(r.status == 0, "\(args): \(r.err)")
        }
        let message = try runHud(["message", "--socket", d.socket, "--", "--not-an-option"], in: d.dir)
        #expect(message.status == 0, "\(message.err)")
        let status = try d.hud(["status"])
        #expect(status.out.contains("progress=42\n"), "\(status.out)")
        #expect(status.out.contains("label=--not-an-option"), "\(status.out)")
        _ = try d.hud(["quit"])
    }

    @Test func helpAnywhereAndVersion() throws {
        let dir = try TemporaryDirectory()
        for args in [["progress", "-h"], ["progress", "42", "--help"], ["display", "-h"], ["motion", "--help"], ["daemon", "-h"]] {
            let r = try runHud(args, in: dir)
            #expect(r.status == 0 && r.out.hasPrefix("usage: hud \(args[0])"), "\(args): \(r.status as Any) \(r.out.prefix(60)) \(r.err)")
            #expect(r.out.contains("-h, --help"), "\(args): no -h in the help")
        }
        let v = try runHud(["--version"], in: dir)
        #expect(v.status == 0 && v.out.hasPrefix("hud ") && v.out.split(separator: ".").count == 3, "\(v.out)")
    }

    @Test func usageErrorsNameWhatWasWrong() throws {
        let dir = try TemporaryDirectory()
        let cases: [([String], String)] = [
            (["progress"], "hud progress: missing PERCENT"),
            (["progress", "1", "2"], "hud progress: unexpected argument '2'"),
            (["ping", "extra"], "hud ping: unexpected argument 'extra' (it takes no arguments besides options)"),
            (["ping", "-x"], "hud ping: unknown option '-x'"),
            (["display", "--indicator", "blob"], "hud display: --indicator 'blob': expected one of indeterminate"),
            (["display", "--frames", "0"], "hud display: --frames '0': expected a whole number"),
            (["display", "--mode", "1280x800@abc"], "hud display: --mode: invalid mode \"1280x800@abc\""),
            (["motion", "--rate", "fast"], "hud motion: --rate 'fast': expected a number"),
            (["render", "--mode", "image"], "hud render: --mode image needs --image PNG"),
        ]
        for (args, message) in cases {
            let r = try runHud(args, in: dir)
            #expect(r.status == 2, "\(args): exit \(r.status as Any)")
            #expect(r.err.hasPrefix(message), "\(args): \(r.err)")
        }
    }
}
