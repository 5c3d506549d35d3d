import Glibc
import HUDCore
@testable import HUDDaemon
import HUDProtocol
import Testing

/// `wait-button` through the daemon: answered by a press through the stack's
/// API (as input will press), by `press-button`, refused or failed when there
/// is nothing to press, the HUD goes, or the daemon quits.
@Suite(.serialized) struct ButtonServerTests {
    /// Sends `wait-button` and makes sure the daemon has taken it (a ping on
    /// another connection is served after it).
    func waiting(_ f: ServerFixture, count: Int = 1) async throws -> RawClient {
        let w = try RawClient.greeted(f.socket)
        w.send("wait-button\n")
        #expect(await waiters(f, reach: count))
        return w
    }

    /// Polls (at most ~10 s) until `count` clients wait.
    func waiters(_ f: ServerFixture, reach count: Int) async -> Bool {
        for _ in 0..<1000 {
            if await f.server.waitingClientCount == count { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func aPressThroughTheStackAnswersTheWaiter() async throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request(#"show label=Uploading button=Cancel animated=false"#) == .ok)
        #expect(c.request("status")?.value("button") == "Cancel")
        let w = try await waiting(f)
        // As the input will: Enter activates the topmost button, on the loop.
        #expect(await f.stack.activateButton())
        #expect(w.readLine() == "ok")
        // Answered once; the connection is usable again.
        #expect(w.request("ping") == .ok)
    }

    @Test func aTouchInsideTheFrameAnswersAndOutsideDoesNot() async throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request(#"show button=Stop animated=false"#) == .ok)
        let w = try await waiting(f)
        let hudID = try #require(await f.stack.huds.first).id
        await f.stack.setButtonFrames([hudID: HUDRect(x: 100, y: 100, width: 60, height: 24)])
        #expect(await f.stack.pointerDown(at: HUDPoint(x: 110, y: 110)))
        #expect(await f.stack.pointerUp(at: HUDPoint(x: 5, y: 5)) == false)
        var pfd = pollfd(fd: w.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pfd, 1, 200) == 0, "a release outside answers nothing")
        #expect(await f.stack.pointerDown(at: HUDPoint(x: 110, y: 110)))
        #expect(await f.stack.pointerUp(at: HUDPoint(x: 120, y: 115)))
        #expect(w.readLine() == "ok")
    }

    @Test func pressButtonRequestAnswersEveryWaiter() async throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("press-button")?.errorCode == .notShown, "no HUD")
        #expect(c.request("show label=x animated=false") == .ok)
        #expect(c.request("press-button")?.errorCode == .notShown, "no button")
        #expect(c.request("wait-button")?.errorCode == .notShown)
        #expect(c.request("update button=Retry") == .ok)
        let a = try await waiting(f)
        let b = try RawClient.greeted(f.socket)
        b.send("wait-button\n")
        #expect(await waiters(f, reach: 2))
        #expect(c.request("press-button") == .ok)
        #expect(a.readLine() == "ok" && b.readLine() == "ok")
    }

    @Test func hidingFirstFailsTheWaiter() async throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("show button=Cancel animated=false") == .ok)
        let w = try await waiting(f)
        #expect(c.request("hide animated=false") == .ok)
        let answer = w.readLine().flatMap { try? Response.parse(Array($0.utf8)) }
        #expect(answer?.errorCode == .notShown)
        if case .error(_, let reason)? = answer { #expect(reason.contains("hidden before its button was pressed")) }
        #expect(c.request("press-button")?.errorCode == .notShown)
    }

    @Test func quittingFirstFailsTheWaiter() async throws {
        let f = try ServerFixture()
        let c = try RawClient.greeted(f.socket)
        #expect(c.request("show button=Cancel animated=false") == .ok)
        let w = try await waiting(f)
        #expect(c.request("quit") == .ok)
        let answer = w.readLine().flatMap { try? Response.parse(Array($0.utf8)) }
        #expect(answer?.errorCode == .failed)
        #expect(w.readLine() == nil, "then closed")
    }
}
