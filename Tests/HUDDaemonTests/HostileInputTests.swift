import Glibc
import Testing

/// Requests a local client or a boot script can get wrong, against the real
/// daemon process: each gets a clear answer and the daemon stays responsive.
@Suite(.serialized) struct HostileInputTests {
    typealias DaemonProcess = HudProcessTests.DaemonProcess

    @Test func anImageThatCannotBeShownIsRefusedWithTheReason() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        let missing = try d.hud(["show", "--mode", "image", "--image", "/nonexistent.png"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("/nonexistent.png") && missing.err.contains("No such file"))
        d.dir.write("text.png", "not a png")
        let notPNG = try d.hud(["show", "--image", d.dir.file("text.png")])
        #expect(notPNG.status == 1)
        #expect(notPNG.err.contains("not a PNG file"))
    }

    @Test func aFIFOAsImageOrThemeNeverHangsTheDaemon() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        let fifo = d.dir.file("x.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let shown = try d.hud(["show", "--mode", "image", "--image", fifo])
        #expect(shown.status == 1)
        #expect(shown.err.contains("a FIFO"))
        // Still answering at once.
        #expect(try d.hud(["ping"]).status == 0)
    }

    @Test func aThemeReplacedByAFIFOIsRefusedOnReload() throws {
        let dir = try TemporaryDirectory()
        dir.write("look.json", #"{ "bezelStyle": "solidColor" }"#)
        let d = try DaemonProcess(["--theme", dir.file("look.json")])
        #expect(d.waitUntilListening())
        #expect(unlink(dir.file("look.json")) == 0 && mkfifo(dir.file("look.json"), 0o600) == 0)
        let reload = try d.hud(["reload"])
        #expect(reload.status == 1)
        #expect(reload.err.contains("not a regular file"))
        #expect(try d.hud(["ping"]).status == 0)
        #expect(d.status("theme") == "look")
    }

    @Test func brokenThemesAreErrorsWithLineAndColumn() throws {
        let dir = try TemporaryDirectory()
        dir.write("broken.json", "{\n  \"bezelStyle\": \"solid\",\n  oops\n}\n")
        let render = try runHud(["render", "--theme", dir.file("broken.json"), "--out", dir.file("x.png")], in: dir)
        #expect(render.status == 2)
        #expect(render.err.contains("broken.json:3:3"))
        #expect(!dir.exists("x.png"))
        let d = try DaemonProcess(["--theme", dir.file("broken.json")])
        #expect(d.process.waitOrKillIfHung() == 1)
        #expect(d.log.contains("line 3, column 3"))
    }
}
