import HUDCore
import Testing

/// The show/hide races MBProgressHUD's users hit, each pinned down.
@Suite struct HUDRaceTests {
    @Test func showDuringTheHideAnimationTurnsRoundFromWhereItWas() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        var c = HUDConfiguration()
        c.animation = .zoom
        let hud = await f.stack.makeHUD(c)
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await f.advance(0.3)
        await hud.hide()
        await f.advance(0.1)
        let before = try #require(await f.drawn(hud))
        #expect(before.bezelAlpha > 0 && before.bezelAlpha < 1)
        await hud.show()
        let after = try #require(await f.drawn(hud))
        #expect(after == before, "no jump: the show starts from the current state")
        await f.advance(0.3)
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
        #expect(await f.drawn(hud)?.bezelScale == 1)
        #expect(log.all.isEmpty, "the interrupted hide must not call the completion")
        await f.advance(5)
        #expect(await hud.lifecycle?.phase == .shown, "the old hide's animation end must not hide it")
        await hud.hide()
        await f.advance(0.3)
        #expect(log.all == ["completion"])
    }

    @Test func doubleShowIsOneShow() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await f.stack.makeHUD()
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await f.advance(0.1)
        let alpha = try #require(await f.drawn(hud)).bezelAlpha
        await hud.show()
        #expect(await f.drawn(hud)?.bezelAlpha == alpha, "a second show does not restart the animation")
        await hud.hide()
        await f.advance(1)
        #expect(log.all == ["completion"])
    }

    @Test func doubleHideCompletesOnce() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await f.stack.makeHUD()
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await f.advance(0.5)
        await hud.hide()
        await f.advance(0.1)
        await hud.hide()
        await f.advance(1)
        await hud.hide()
        await f.advance(1)
        #expect(log.all == ["completion"])
    }

    @Test func unanimatedHideDuringTheHideAnimationEndsItOnce() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await f.stack.makeHUD()
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await f.advance(0.5)
        await hud.hide()
        await f.advance(0.1)
        await hud.hide(animated: false)
        #expect(await f.drawn(hud) == nil)
        await f.advance(1)
        #expect(log.all == ["completion"])
    }

    @Test func hideBeforeShowIsANoOpAndTheNextShowWorks() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await f.stack.makeHUD()
        await hud.setCompletion { log.record("completion") }
        await hud.hide()
        #expect(log.all.isEmpty)
        await hud.show()
        await f.advance(0.3)
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
    }

    @Test func showDuringMinShowWaitKeepsTheHUD() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.minShowTime = .seconds(2)
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        await f.advance(0.5)
        await hud.hide()
        await hud.show()
        await f.advance(5)
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(await hud.lifecycle?.isFinished == false)
    }

    @Test func graceShowHideShowShowsOnceAfterTheFirstGrace() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        var c = HUDConfiguration()
        c.graceTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await f.advance(0.4)
        await hud.hide()
        await hud.show()  // a new session, with a new grace period
        await f.advance(0.9)
        #expect(await f.drawn(hud) == nil)
        await f.advance(0.1)
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(log.all == ["completion"])
    }

    @Test func changesFromManyTasksWhileAnimatingAreAllApplied() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.show()
        let counter = CallLog()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<100 {
                        await hud.update { c in
                            c.label.text = "task \(task) step \(i)"
                            c.detailsLabel.text = c.label.text  // both change together
                            c.progress += 0.001
                        }
                        counter.record("update")
                    }
                }
            }
            group.addTask {
                for _ in 0..<30 { await f.loop.advance(by: .milliseconds(10)) }
            }
        }
        let c = try #require(await hud.configuration)
        #expect(counter.count("update") == 800)
        #expect(abs(c.progress - 0.8) < 1e-9, "no update lost")
        #expect(c.label.text == c.detailsLabel.text, "each update applied whole")
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
    }

    @Test func synchronousCallersFromOtherThreadsKeepTheirOrder() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        let log = CallLog()
        await hud.setCompletion { log.record("completion") }
        let stack = f.stack
        // A plain thread (a C callback, a signal handler) has no `await`.
        let threadLog = CallLog()
        await Task.detached {
            stack.perform { $0.show(hud, animated: false) }
            stack.perform { $0.update(hud) { $0.label.text = "from a thread" } }
            stack.perform { $0.hide(hud, animated: false) }
            stack.perform { $0.show(hud, animated: false) }
            threadLog.record("queued")
        }.value
        await f.loop.settle()
        #expect(threadLog.all == ["queued"])
        #expect(log.all == ["completion"], "show, hide, show ran in that order")
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(await hud.configuration?.label.text == "from a thread")
    }
}
