import Glibc
import HUDPlymouth
import Testing

/// Prompts through the real `hud`: `hud ask` answered with `hud type`, and
/// Plymouth's password and question requests, on a daemon drawing PNGs
/// (whose prompts `hud type` answers; on a display the keyboard does).
@Suite(.serialized) struct PromptProcessTests {
    typealias DaemonProcess = HudProcessTests.DaemonProcess

    static func plymouthName(_ tag: String) -> String { "/kioskhud-test/prompt-\(getpid())-\(tag)" }

    /// Kept for the daemon's frames while the suite runs.
    let frames: TemporaryDirectory

    init() throws { frames = try TemporaryDirectory() }

    func daemon(plymouth: String? = nil) throws -> DaemonProcess {
        let d = try DaemonProcess(["--output", "png:" + frames.file("frames-\(plymouth == nil ? "own" : "ply")"), "--size", "320x200"]
                                  + (plymouth.map { ["--plymouth-socket", $0] } ?? []))
        #expect(d.waitUntilListening())
        return d
    }

    /// Starts `hud ask` and returns once its prompt is the active one.
    func startAsk(_ d: DaemonProcess, _ args: [String], _ name: String) throws -> Subprocess {
        let asker = try Subprocess(["ask"] + args, environment: d.env, stdoutPath: d.dir.file("\(name).out"),
                                   stderrPath: d.dir.file("\(name).err"))
        #expect(eventually { d.status("prompt") != nil })
        return asker
    }

    @Test func askPasswordPrintsExactlyWhatWasTypedAndNeverShowsIt() throws {
        let d = try daemon()
        let asker = try startAsk(d, ["--password", "Disk passphrase"], "pw")
        #expect(d.status("prompt") == "password")
        #expect(d.status("prompt-message") == "Disk passphrase")
        #expect(try d.hud(["type", "--text", "correct horse"]).status == 0)
        #expect(try d.hud(["type", "--text", "X", "--key", "backspace"]).status == 0)
        let status = try d.hud(["status"])
        #expect(!status.out.contains("correct"), "status never carries what is typed: \(status.out)")
        #expect(try d.hud(["type", "--text", " ☃", "--key", "enter"]).status == 0)
        #expect(asker.waitOrKillIfHung() == 0)
        #expect(d.dir.read("pw.out") == "correct horse ☃\n")
        #expect(d.status("prompt") == nil)
        #expect(d.status("prompts") == "0")
        #expect(!d.log.contains("correct"), "the daemon's log never carries it")
    }

    @Test func askEndsClearlyOnControlCOnHideAndWithoutKeys() throws {
        let d = try daemon()
        let cancelled = try startAsk(d, ["--question", "Continue?"], "cancel")
        #expect(try d.hud(["type", "--key", "interrupt"]).status == 0)
        #expect(cancelled.waitOrKillIfHung() == 1)
        #expect(d.dir.read("cancel.err")?.contains("Ctrl-C") == true, "\(d.dir.read("cancel.err") ?? "")")
        let hidden = try startAsk(d, ["--question", "Continue?"], "hidden")
        #expect(try d.hud(["hide", "--no-animation"]).status == 0)
        #expect(hidden.waitOrKillIfHung() == 1)
        #expect(d.dir.read("hidden.err")?.contains("taken away unanswered") == true)
        #expect(try d.hud(["ask"]).status == 2)
        #expect(try d.hud(["ask", "--password", "a", "--question", "b"]).status == 2)
        #expect(try d.hud(["type"]).status == 2)
        #expect(try d.hud(["type", "--key", "f13"]).status == 2)

        let none = try DaemonProcess()   // --output none: nothing shows a prompt
        #expect(none.waitUntilListening())
        let refused = try none.hud(["ask", "--password", "P"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("no keys can be read"), "\(refused.err)")
    }

    @Test func plymouthPasswordQuestionAndCachedPasswords() throws {
        let name = Self.plymouthName("ply")
        let d = try daemon(plymouth: name)
        let c = try PlymouthTestClient(name)
        c.send(.cachedPasswords)
        #expect(c.read(1) == [0x05], "none typed yet: NO_ANSWER")
        c.send(.password(prompt: "Passphrase for root"), .ping)
        #expect(eventually { d.status("prompt-message") == "Passphrase for root" })
        #expect(c.silent(for: 100), "answered only when typed; the ping waits behind it")
        #expect(try d.hud(["type", "--text", "s3cret", "--key", "enter"]).status == 0)
        #expect(c.read(12) == [0x02, 6, 0, 0, 0] + Array("s3cret".utf8) + [0x06])
        c.send(.question(prompt: "Continue?"))
        #expect(eventually { d.status("prompt") == "question" })
        #expect(try d.hud(["type", "--text", "yes", "--key", "enter"]).status == 0)
        #expect(c.read(8) == [0x02, 3, 0, 0, 0] + Array("yes".utf8))
        c.send(.cachedPasswords)
        #expect(c.read(12) == [0x09, 7, 0, 0, 0] + Array("s3cret".utf8) + [0], "the password, not the answer to the question")
        // Ctrl-C answers "\u{03}", as plymouthd.
        c.send(.password(prompt: nil))
        #expect(eventually { d.status("prompt-message") == "Password" })
        #expect(try d.hud(["type", "--key", "interrupt"]).status == 0)
        #expect(c.read(6) == [0x02, 1, 0, 0, 0, 0x03])
        // A client that leaves takes its prompt with it.
        do {
            let leaving = try PlymouthTestClient(name)
            leaving.send(.password(prompt: "Gone"))
            #expect(eventually { d.status("prompt-message") == "Gone" })
        }
        #expect(eventually { d.status("prompts") == "0" })
        // Keystroke watches see keys before a prompt, as in plymouthd.
        let watcher = try PlymouthTestClient(name)
        watcher.send(.watchKeystroke(keys: "cC"))
        c.send(.password(prompt: "P"))
        #expect(eventually { d.status("prompt-message") == "P" })
        #expect(try d.hud(["type", "--text", "xc", "--key", "enter"]).status == 0)
        #expect(watcher.read(6) == [0x02, 1, 0, 0, 0] + Array("c".utf8))
        #expect(c.read(6) == [0x02, 1, 0, 0, 0] + Array("x".utf8))
    }
}
