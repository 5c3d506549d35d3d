import Glibc
import Testing

/// `hud show --button`, `hud wait-button` and `hud press-button` as real processes.
@Suite(.serialized) struct ButtonProcessTests {
    typealias DaemonProcess = HudProcessTests.DaemonProcess

    /// Starts `hud wait-button` and returns once the daemon holds its request.
    func startWaiter(_ d: DaemonProcess, _ name: String, count: Int = 1) throws -> Subprocess {
        let waiter = try Subprocess(["wait-button"], environment: d.env, stdoutPath: d.dir.file("\(name).out"),
                                    stderrPath: d.dir.file("\(name).err"))
        #expect(eventually { d.status("button-waiters") == String(count) })
        var status: Int32 = 0
        #expect(waitpid(waiter.pid, &status, WNOHANG) == 0, "hud wait-button returned before a press")
        return waiter
    }

    @Test func waitButtonExitsZeroWhenAnotherClientPresses() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        #expect(try d.hud(["show", "--label", "Uploading", "--button", "Cancel", "--no-animation"]).status == 0)
        #expect(d.status("button") == "Cancel")
        let waiter = try startWaiter(d, "wait")
        let press = try d.hud(["press-button"])
        #expect(press.status == 0, "\(press.err)")
        #expect(waiter.waitOrKillIfHung() == 0)
        #expect(d.status("button-presses") == "1")
    }

    @Test func waitButtonFailsClearlyWithoutAButtonOrWhenTheHUDGoes() throws {
        let d = try DaemonProcess()
        #expect(d.waitUntilListening())
        let none = try d.hud(["wait-button"])
        #expect(none.status == 1)
        #expect(none.err.contains("no HUD with a button is shown"), "\(none.err)")
        #expect(try d.hud(["press-button"]).status == 1)
        #expect(try d.hud(["show", "--button", "Cancel", "--no-animation"]).status == 0)
        let waiter = try startWaiter(d, "hidden")
        #expect(try d.hud(["hide"]).status == 0)
        #expect(waiter.waitOrKillIfHung() == 1)
        #expect(d.dir.read("hidden.err")?.contains("hidden before its button was pressed") == true)
        // The daemon quitting first is an error too.
        #expect(try d.hud(["show", "--button", "Cancel", "--no-animation"]).status == 0)
        let orphan = try startWaiter(d, "quit")
        #expect(try d.hud(["quit"]).status == 0)
        #expect(orphan.waitOrKillIfHung() == 1)
        #expect(d.dir.read("quit.err")?.contains("daemon quit before the button was pressed") == true)
        #expect(try d.hud(["show", "--button", String(repeating: "x", count: 200)]).status == 2, "over-long title: usage")
    }
}
