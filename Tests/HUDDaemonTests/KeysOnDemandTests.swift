import Glibc
import HUDCore
import HUDDaemon
import HUDPlymouth
import HUDProtocol
import Testing

/// A name of our own in the abstract namespace, so tests never meet plymouthd or each other.
private func uniqueName() -> String {
    struct Counter { static let next = Locked(0) }
    let n = Counter.next.withLock { $0 += 1; return $0 }
    return "/kioskhud-test/keys-\(getpid())-\(n)"
}

/// The daemon asks its output to read keys only when something needs them
/// (issue 24: a boot that only shows progress maps no input library): a
/// password or question on Plymouth's socket, a keystroke watch, `hud ask`.
/// Whether they can be read is decided then, and a prompt that cannot be
/// answered is refused at once, as before.
@Suite struct KeysOnDemandTests {
    /// Splash, statuses, messages, progress and Plymouth's other requests: no key is asked for.
    @Test func aProgressOnlyBootNeverStartsInput() throws {
        let name = uniqueName()
        let output = RecordingOutput(input: .starts)
        let f = try ServerFixture(plymouthSocket: name, output: output)
        let c = try PlymouthTestClient(name)
        c.send(.showSplash, .updateStatus("systemd-udevd.service"), .showMessage("Starting"), .systemUpdate(percent: 40),
               .changeMode(.updates), .hasActiveVT, .cachedPasswords, .ping)
        #expect(c.read(8).count == 8)
        let hud = try RawClient.greeted(f.socket)
        #expect(hud.request("show label=Working progress=50 animated=false") == .ok)
        #expect(hud.request("ping") == .ok)
        #expect(output.calls == ["start"], "nothing asked the output to read keys")
    }

    /// A password request starts input before the prompt is asked; the prompt is then answered by typing.
    @Test func aPasswordRequestStartsInputFirst() throws {
        let name = uniqueName()
        let output = RecordingOutput(input: .starts)
        let f = try ServerFixture(plymouthSocket: name, output: output)
        let c = try PlymouthTestClient(name)
        c.send(.password(prompt: "Disk"))
        #expect(eventually { f.status("prompt-message") == "Disk" })
        #expect(output.calls == ["start", "startReadingKeys"])
        let hud = try RawClient.greeted(f.socket)
        #expect(hud.request("type text=pw key=enter") == .ok)
        #expect(c.read(7) == [0x02, 2, 0, 0, 0] + Array("pw".utf8))
    }

    /// Input that cannot start when the first prompt arrives: that prompt,
    /// later ones, a keystroke watch and `hud ask` are refused at once, as
    /// when the daemon has no input at all; the pid file's keeper hears once.
    @Test func promptsAreRefusedWhenInputCannotStart() throws {
        let name = uniqueName()
        let output = RecordingOutput(input: .fails)
        #expect(output.readsKeys, "promised until tried: the pid file is written at start")
        let f = try ServerFixture(plymouthSocket: name, output: output)
        let c = try PlymouthTestClient(name)
        c.send(.password(prompt: "Disk"), .question(prompt: "Continue?"), .watchKeystroke(keys: nil))
        #expect(c.read(3) == [0x05, 0x05, 0x05])
        #expect(f.status("prompts") == "0")
        #expect(f.log.all.contains { $0.contains("password request") && $0.contains("answered NO_ANSWER") })
        let hud = try RawClient.greeted(f.socket)
        guard case .error(let code, _)? = hud.request("ask kind=password prompt=Again") else {
            Issue.record("ask was not refused")
            return
        }
        #expect(code == .unavailable)
        #expect(output.calls.filter { $0 == "startReadingKeys" }.count == 4, "each need asked: \(output.calls)")
    }

    /// `hud ask` and a keystroke watch each start input too.
    @Test func askAndKeystrokeWatchStartInput() throws {
        let name = uniqueName()
        let watching = RecordingOutput(input: .starts)
        let f = try ServerFixture(plymouthSocket: name, output: watching)
        let c = try PlymouthTestClient(name)
        c.send(.watchKeystroke(keys: "yn"))
        #expect(eventually { watching.calls == ["start", "startReadingKeys"] })
        let hud = try RawClient.greeted(f.socket)
        #expect(hud.request("type text=y") == .ok)
        #expect(c.read(6) == [0x02, 1, 0, 0, 0] + Array("y".utf8))

        let asking = RecordingOutput(input: .starts)
        let g = try ServerFixture(output: asking)
        let client = try RawClient.greeted(g.socket)
        client.send("ask kind=question prompt=Continue?\n")
        #expect(eventually { g.status("prompt-message") == "Continue?" })
        #expect(asking.calls == ["start", "startReadingKeys"])
    }
}
