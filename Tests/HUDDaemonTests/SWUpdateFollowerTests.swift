import Glibc
import HUDCore
import HUDDaemon
import HUDProtocol
import HUDUpdates
import Testing

/// `SWUpdateFollower` on a real loop against a fake SWUpdate (`FakeSWUpdate`:
/// a real Unix socket, the C struct's bytes): it waits for SWUpdate, connects
/// when the socket appears (inotify) or by its backing-off timer, delivers
/// each update's requests in order, shows the failure mark and waits again
/// when SWUpdate goes, and stops for good on a version it does not read.
/// With a `ManualClock` the retries happen only when the test moves the
/// clock, so the timer's schedule is checked exactly.
@Suite(.serialized) struct SWUpdateFollowerTests {
    /// What a follower handed out: its requests, log lines and endings.
    final class Recorder: Sendable {
        let requests = Locked<[Request]>([])
        let log = LogRecorder()
        let endings = Locked<[SWUpdateProgressError?]>([])

        var all: [Request] { requests.withLock { $0 } }
        func logged(_ text: String) -> Bool { log.all.contains { $0.contains(text) } }
    }

    static func follower(_ path: String, on loop: EventLoop, _ recorder: Recorder, once: Bool = false) throws -> SWUpdateFollower {
        try SWUpdateFollower(path: path, loop: loop, presenter: UpdatePresenter(toolName: "SWUpdate"), stopsAfterOneUpdate: once,
                             log: { recorder.log.record($0) },
                             deliver: { requests in recorder.requests.withLock { $0 += requests } },
                             onFinished: { error in recorder.endings.withLock { $0.append(error) } })
    }

    /// What the decoder, the mapper and a presenter make of `messages`: the follower must deliver exactly this.
    static func pipeline(_ messages: [FakeSWUpdate.Message], _ presenter: inout UpdatePresenter) throws -> [Request] {
        var decoder = SWUpdateProgressDecoder()
        var mapper = SWUpdateEventMapper()
        var requests: [Request] = []
        for message in try decoder.feed(messages.flatMap(\.bytes)) {
            for event in mapper.events(for: message) { requests += presenter.requests(for: event) }
        }
        return requests
    }

    /// Debian 12's `swupdate -i` of one image: RUN, PROGRESS, the leftover step 2 of 1, SUCCESS, DONE.
    static let successfulRun: [FakeSWUpdate.Message] = [
        .init(status: .run, image: "rootfs.img"), .init(status: .progress, percent: 50, image: "rootfs.img"),
        .init(status: .run, step: 2), .init(status: .success, step: 2), .init(status: .done),
    ]

    @Test func waitsForSWUpdateFollowsEachRunAndReconnects() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("swupdateprog")
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let r = Recorder()
        let follower = try Self.follower(path, on: loop, r)
        await follower.start()
        #expect(await !follower.isConnected, "no SWUpdate yet")

        let first = try FakeSWUpdate(path: path)
        #expect(first.accept(), "the follower connects once SWUpdate's socket is there")
        first.send(Self.successfulRun)
        var presenter = UpdatePresenter(toolName: "SWUpdate")
        let expected = try Self.pipeline(Self.successfulRun, &presenter)
        #expect(eventually { r.all == expected }, "\(r.all)")
        #expect(expected.contains(.show(HUDSettings(label: "rootfs.img", details: "step 1 of 1", progressPercent: 50))))
        #expect(expected.last == .hide(afterSeconds: UpdatePresenter.defaultKeepSeconds, animated: true))
        #expect(r.logged("connected to \(path)"))

        // SWUpdate's process ends (its socket left behind, refusing), a new one starts in the middle of an update and ends too.
        first.exit()
        #expect(eventually { r.logged("SWUpdate closed \(path); waiting for it again") })
        let second = try FakeSWUpdate(path: path)
        #expect(second.accept(), "the follower connects to the new SWUpdate")
        second.send([.init(status: .run, image: "app.img")])
        #expect(eventually { r.all.contains(.show(HUDSettings(label: "app.img", details: "step 1 of 1", progressPercent: 0))) })
        second.exit()
        _ = presenter.requests(for: .began(label: nil))
        let failureMark = presenter.lostTool()
        #expect(failureMark.first == .show(HUDSettings(mode: .failure, label: UpdatePresenter.failureLabel,
                                                      details: "SWUpdate stopped before the update ended")))
        #expect(eventually { Array(r.all.suffix(failureMark.count)) == failureMark }, "cut short: the failure mark")
        #expect(await follower.connections == 2)
        #expect(r.endings.withLock { $0.isEmpty })
        await follower.stop()
        #expect(await !follower.isFollowing)
    }

    @Test func anUnknownVersionEndsTheFollowingForGood() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("swupdateprog")
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let r = Recorder()
        let fake = try FakeSWUpdate(path: path)
        let follower = try Self.follower(path, on: loop, r)
        await follower.start()
        #expect(fake.accept())
        fake.send(FakeSWUpdate.acknowledgement(0x30000))
        #expect(eventually { r.endings.withLock { $0 } == [.unknownVersion(0x30000)] })
        #expect(r.logged("\(path): SWUpdate's progress API version 3.0.0 (0x30000) is not one this hud reads"), "\(r.log.all)")
        #expect(r.logged("no longer following SWUpdate"))
        #expect(fake.followerLeft(), "the connection is closed")
        #expect(await !follower.isFollowing)
        fake.exit()
        let again = try FakeSWUpdate(path: path)
        #expect(!again.accept(within: 500), "no reconnect after an unreadable stream")
        #expect(r.all.isEmpty)
    }

    @Test func onceStopsAfterTheFirstUpdate() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("swupdateprog")
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let r = Recorder()
        let fake = try FakeSWUpdate(path: path)
        let follower = try Self.follower(path, on: loop, r, once: true)
        await follower.start()
        #expect(fake.accept())
        fake.send(Self.successfulRun)
        #expect(eventually { r.endings.withLock { $0 } == [nil] })
        #expect(r.all.last == .hide(afterSeconds: UpdatePresenter.defaultKeepSeconds, animated: true))
        #expect(fake.followerLeft())
        #expect(await !follower.isFollowing)
    }

    @Test func theSocketAppearingWakesTheFollowerAtOnce() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("swupdateprog")
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let r = Recorder()
        let follower = try Self.follower(path, on: loop, r)
        await follower.start()
        #expect(await follower.attempts == 1)
        // The clock stands still: only inotify (the name appearing) can make it try again.
        let fake = try FakeSWUpdate(path: path, renamedIntoPlace: true)
        #expect(fake.accept(), "connected by the directory event, no timer")
        #expect(await follower.connections == 1)
        await follower.stop()
    }

    @Test func aSocketNotListeningYetIsRetriedByTheBackingOffTimer() async throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("swupdateprog")
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let r = Recorder()
        // Bound before the follower starts and never renamed: no directory event will come.
        let fake = try FakeSWUpdate(path: path, listening: false)
        let follower = try Self.follower(path, on: loop, r)
        await follower.start()
        #expect(await follower.attempts == 1)
        // Retries 0.1 s, then 0.2, 0.4, ... s apart, up to 4 s.
        var expectedAttempts = 1
        for gap in [100, 200, 400, 800, 1600, 3200, 4000, 4000] {
            await loop.advance(by: .milliseconds(gap - 1))
            #expect(await follower.attempts == expectedAttempts, "not before \(gap) ms")
            await loop.advance(by: .milliseconds(1))
            expectedAttempts += 1
            #expect(await follower.attempts == expectedAttempts, "after \(gap) ms")
        }
        #expect(await !follower.isConnected)
        #expect(!r.logged("cannot connect"), "a refusing SWUpdate is waited for, not reported: \(r.log.all)")
        fake.listen()
        await loop.advance(by: .seconds(4))
        #expect(fake.accept())
        #expect(await follower.connections == 1)
        await follower.stop()
    }

    @Test func defaultSocketPathIsSWUpdates() throws {
        #expect(SWUpdateFollower.defaultSocketPath(temporaryDirectory: nil) == "/tmp/swupdateprog")
        #expect(SWUpdateFollower.defaultSocketPath(temporaryDirectory: "") == "/tmp/swupdateprog")
        #expect(SWUpdateFollower.defaultSocketPath(temporaryDirectory: "/run/swu") == "/run/swu/swupdateprog")
        #expect(SWUpdateFollower.defaultSocketPath(temporaryDirectory: "/run/swu/") == "/run/swu/swupdateprog")
        let loop = try? EventLoop(ownThread: false)
        #expect(throws: DaemonError.self) { try Self.follower("/" + String(repeating: "x", count: 120), on: loop!, Recorder()) }
    }
}
