import HUDCore
import Testing

/// MBProgressHUD's timing rules, each on a manual clock.
@Suite struct HUDLifecycleTimingTests {
    @Test func showWithoutGraceTimeFadesInOverPointThreeSeconds() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.show()
        #expect(await f.drawn(hud) == nil)  // alpha 0 at the first instant
        var last = 0.0
        for _ in 0..<30 {
            await f.advance(0.01)
            let alpha = await f.drawn(hud)?.bezelAlpha ?? 0
            #expect(alpha >= last, "alpha must rise monotonically")
            #expect(alpha <= 1, "critically damped: no overshoot")
            last = alpha
        }
        #expect(last == 1)
        let p = try #require(await f.drawn(hud))
        #expect(p.bezelScale == 1 && p.backgroundAlpha == 1)
        #expect(await f.stack.snapshot().nextChange != f.now, "no animation after 0.3 s")
    }

    @Test func animationIsHalfwayOrMoreAtHalfTime() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.show()
        await f.advance(0.15)
        let alpha = try #require(await f.drawn(hud)).bezelAlpha
        #expect(alpha > 0.5 && alpha < 1, "a spring with damping 1 front-loads its travel")
    }

    @Test func graceTimeDelaysTheShowAndStampsTheShowTimeWhenItFires() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.graceTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        #expect(await hud.lifecycle?.phase == .grace)
        await f.advance(0.999)
        #expect(await f.drawn(hud) == nil)
        await f.advance(0.001)
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(await hud.lifecycle?.shownSince == HUDInstant(nanoseconds: 1_000_000_000))
        await f.advance(0.3)
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
    }

    @Test func hideDuringGraceIsNeverDrawnAndCompletesOnce() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let delegate = RecordingDelegate(log: log)
        var c = HUDConfiguration()
        c.graceTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.recordCallbacks(into: log, delegate: delegate)
        await hud.show()
        await f.advance(0.5)
        await hud.hide()
        #expect(log.all == ["completion", "delegate"])
        for _ in 0..<10 {
            await f.advance(0.2)
            #expect(await f.drawn(hud) == nil)
        }
        #expect(log.all == ["completion", "delegate"])
        #expect(f.loop.pendingTimerCount == 0)
    }

    @Test func hideWaitsForMinShowTime() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        var c = HUDConfiguration()
        c.minShowTime = .seconds(2)
        let hud = await f.stack.makeHUD(c)
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await f.advance(0.5)
        await hud.hide()
        #expect(await hud.lifecycle?.phase == .shown)
        await f.advance(1.499)
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
        await f.advance(0.001)  // t = 2.0: the min-show timer fires and the hide animation starts
        #expect(await hud.lifecycle?.phase == .hiding)
        await f.advance(0.15)
        let alpha = try #require(await f.drawn(hud)).bezelAlpha
        #expect(alpha > 0 && alpha < 1)
        #expect(log.all.isEmpty)
        await f.advance(0.15)
        #expect(await f.drawn(hud) == nil)
        #expect(log.all == ["completion"])
    }

    @Test func hideAfterMinShowTimeHidesAtOnce() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.minShowTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        await f.advance(1.5)
        await hud.hide()
        #expect(await hud.lifecycle?.phase == .hiding)
    }

    @Test func minShowTimeCountsFromTheEndOfGraceTime() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.graceTime = .seconds(1)
        c.minShowTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        await f.advance(1.5)  // shown since 1.0
        await hud.hide()
        #expect(await hud.lifecycle?.phase == .shown)
        await f.advance(0.5)  // 2.0 = 1.0 + minShowTime
        #expect(await hud.lifecycle?.phase == .hiding)
    }

    @Test func hideAfterDelayHidesThenAndALaterOneReplacesIt() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await f.stack.makeHUD()
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await hud.hide(afterDelay: .seconds(5))
        await hud.hide(afterDelay: .seconds(1))
        await f.advance(0.999)
        #expect(await hud.lifecycle?.phase == .shown)
        await f.advance(0.001)
        #expect(await hud.lifecycle?.phase == .hiding)
        await f.advance(0.3)
        #expect(log.count("completion") == 1)
        await hud.show()  // a new show; the replaced 5 s hide must not end it
        await f.advance(10)
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(log.count("completion") == 1)
    }

    @Test func showAfterHideAfterDelayCancelsTheDelayedHide() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.show()
        await hud.hide(afterDelay: .seconds(1))
        await f.advance(0.5)
        await hud.show()
        await f.advance(5)
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
    }

    @Test func hideAfterDelayWithGraceTimeStillHides() async throws {
        // MBProgressHUD cancels the delayed hide when the grace timer shows the
        // HUD, so `show; hide(afterDelay:)` with a grace time never hides. Ours does.
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.graceTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        await hud.hide(afterDelay: .seconds(2))
        await f.advance(1.5)
        #expect(await hud.lifecycle?.phase == .shown)
        await f.advance(0.5)
        #expect(await hud.lifecycle?.phase == .hiding)
    }

    @Test func minShowTimeAppliesToADelayedHide() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        var c = HUDConfiguration()
        c.minShowTime = .seconds(3)
        let hud = await f.stack.makeHUD(c)
        await hud.setCompletion { log.record("completion") }
        await hud.show()
        await hud.hide(afterDelay: .seconds(1))
        await f.advance(1)
        #expect(await hud.lifecycle?.phase == .shown)
        #expect(await hud.lifecycle?.isFinished == true)
        await f.advance(1.999)
        #expect(await hud.lifecycle?.phase == .shown)
        await f.advance(0.001)
        #expect(await hud.lifecycle?.phase == .hiding)
        await f.advance(0.3)
        #expect(log.all == ["completion"])
    }

    @Test func unanimatedShowAndHideAreImmediate() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await f.stack.makeHUD()
        await hud.setCompletion { log.record("completion") }
        await hud.show(animated: false)
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
        #expect(f.loop.pendingTimerCount == 0)
        await hud.hide(animated: false)
        #expect(await f.drawn(hud) == nil)
        #expect(log.all == ["completion"])
    }

    @Test(arguments: [
        (HUDAnimation.fade, 1.0, 1.0), (.zoom, 0.5, 0.5), (.zoomIn, 0.5, 1.5), (.zoomOut, 1.5, 0.5),
    ])
    func zoomAnimationsStartAndEndAtMBProgressHUDsScales(animation: HUDAnimation, appearFrom: Double, disappearTo: Double) async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.animation = animation
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        await f.advance(0.001)
        let start = try #require(await f.drawn(hud))
        #expect(abs(start.bezelScale - appearFrom) < 0.01)
        await f.advance(0.3)
        #expect(await f.drawn(hud)?.bezelScale == 1)
        await hud.hide()
        await f.advance(0.299)
        let end = try #require(await f.drawn(hud))
        #expect(abs(end.bezelScale - disappearTo) < 0.01)
        #expect(end.bezelAlpha < 0.01)
    }

    @Test func delegateComesAfterCompletionOncePerShow() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let delegate = RecordingDelegate(log: log)
        let hud = await f.stack.makeHUD()
        await hud.recordCallbacks(into: log, delegate: delegate)
        for _ in 0..<3 {
            await hud.show()
            await f.advance(0.5)
            await hud.hide()
            await f.advance(0.5)
        }
        #expect(log.all == Array(repeating: ["completion", "delegate"], count: 3).flatMap { $0 })
    }
}
