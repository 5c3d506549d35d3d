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
    return "/kioskhud-test/deactivate-\(getpid())-\(n)"
}

/// Plymouth's `deactivate` and `reactivate` on the daemon: the output lets
/// go of the display and takes it back; the ACK waits for the release;
/// requests meanwhile change the HUD and are drawn after `reactivate`.
@Suite(.serialized) struct PlymouthDeactivateTests {
    /// As plymouthd: deactivate is ACKed once the display is released, not
    /// before (a display manager takes master on the ACK); the replies after it wait too.
    @Test func deactivateIsACKedOnceTheDisplayIsReleased() throws {
        let name = uniqueName()
        let output = RecordingOutput(releasesAtOnce: false)
        let f = try ServerFixture(plymouthSocket: name, output: output)
        let c = try PlymouthTestClient(name)
        c.send(.deactivate, .ping)
        #expect(eventually { output.calls.contains("deactivate") })
        #expect(c.silent(for: 300), "deactivate ACKed while the display was still held")
        #expect(f.status("display") == "held")
        output.finishRelease()
        #expect(c.read(2) == [0x06, 0x06])
        #expect(f.status("display") == "released")
        #expect(output.calls == ["start", "deactivate"])
    }

    @Test func reactivateTakesTheDisplayBack() throws {
        let name = uniqueName()
        let output = RecordingOutput()
        let f = try ServerFixture(plymouthSocket: name, output: output)
        #expect(f.status("display") == "held")
        let c = try PlymouthTestClient(name)
        c.send(.deactivate)
        #expect(c.read(1) == [0x06])
        #expect(f.status("display") == "released")
        // A second deactivate (another client, the same display manager) is ACKed too.
        c.send(.deactivate)
        #expect(c.read(1) == [0x06])
        c.send(.reactivate)
        #expect(c.read(1) == [0x06])
        #expect(f.status("display") == "held")
        #expect(output.calls == ["start", "deactivate", "deactivate", "reactivate"])
        #expect(f.log.all.contains { $0.contains("deactivate") && $0.contains("releasing the display") })
    }

    /// quit after deactivate (the display manager started: `quit --retain-splash`) stops the daemon, ACKed at exit.
    @Test func quitWhileDeactivatedStops() throws {
        let name = uniqueName()
        let output = RecordingOutput()
        let f = try ServerFixture(plymouthSocket: name, output: output)
        let c = try PlymouthTestClient(name)
        c.send(.deactivate)
        #expect(c.read(1) == [0x06])
        c.send(.quit(retainSplash: true))
        #expect(c.read(1) == [0x06])
        #expect(c.isClosedByPeer)
        #expect(eventually { f.exitCode.withLock { $0 } == 0 })
        #expect(output.calls == ["start", "deactivate", "stop(retain: true)"])
    }

    /// On a PNG output: nothing is drawn while deactivated; what changed
    /// meanwhile (ours and Plymouth's requests) is drawn after reactivate.
    @Test func requestsWhileDeactivatedAreDrawnAfterReactivate() throws {
        let name = uniqueName()
        let dir = try TemporaryDirectory()
        let frames = dir.file("frames")
        let output = try PNGOutput(directory: frames, width: 320, height: 200, log: { _ in })
        let f = try ServerFixture(plymouthSocket: name, output: output)
        let framesLog = { dir.read("frames/frames.log") ?? "" }
        let hud = try RawClient.greeted(f.socket)
        #expect(hud.request("show label=Before mode=ring progress=50 animated=false") == .ok)
        #expect(eventually { f.status("settled") == "true" && framesLog().contains("Before") })
        let c = try PlymouthTestClient(name)
        c.send(.deactivate)
        #expect(c.read(1) == [0x06])
        #expect(hud.request("message text=Away") == .ok)
        c.send(.systemUpdate(percent: 90))
        #expect(c.read(1) == [0x06])
        #expect(f.status("label") == "Away")
        #expect(f.status("progress") == "90")
        #expect(f.status("display") == "released")
        #expect(f.status("settled") == "false")
        // The PNG output writes within 50 ms of a change when it draws: give it ten times that.
        usleep(500_000)
        #expect(!framesLog().contains("Away"), "drawn while deactivated")
        c.send(.reactivate)
        #expect(c.read(1) == [0x06])
        #expect(eventually {
            f.status("settled") == "true" && framesLog().split(separator: "\n").last?.contains("progress=90 ") == true
        })
        #expect(framesLog().split(separator: "\n").last?.contains("label=Away") == true, "\(framesLog())")
        #expect(f.status("display") == "held")
    }
}
