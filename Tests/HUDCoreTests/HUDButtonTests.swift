import HUDCore
import Testing

/// MBProgressHUD's button: pressed by pointer (inside/outside), by key, only while shown.
@Suite struct HUDButtonTests {
    static let frame = HUDRect(x: 100, y: 200, width: 80, height: 24)
    static let inside = HUDPoint(x: 140, y: 210)
    static let outside = HUDPoint(x: 10, y: 10)

    /// A shown HUD with a button at `frame` whose action is logged.
    func shownHUD(_ f: ManualFixture, log: CallLog, title: String = "Cancel") async -> HUD {
        var c = HUDConfiguration()
        c.buttonTitle = title
        let hud = await f.stack.makeHUD(c)
        await hud.setButtonAction { stack in
            log.record("action")
            // Runs inside the stack: its state is at hand without awaiting.
            _ = stack.huds
        }
        await f.stack.setButtonFrames([hud.id: Self.frame])
        await hud.show(animated: false)
        return hud
    }

    @Test func releaseInsideRunsTheActionOnce() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await shownHUD(f, log: log)
        #expect(await f.stack.pointerDown(at: Self.inside))
        #expect(log.all.isEmpty, "nothing runs on the press itself")
        #expect(await f.drawn(hud)?.buttonHighlighted == true)
        #expect(await f.stack.pointerUp(at: Self.inside))
        #expect(log.count("action") == 1)
        #expect(await f.drawn(hud)?.buttonHighlighted == false)
        #expect(await f.stack.pointerUp(at: Self.inside) == false, "a second release without a press does nothing")
        #expect(log.count("action") == 1)
    }

    @Test func releaseOutsideDoesNothingAndTheHighlightFollowsThePointer() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await shownHUD(f, log: log)
        await f.stack.pointerDown(at: Self.inside)
        let before = await f.stack.generation
        await f.stack.pointerMoved(to: Self.outside)
        #expect(await f.drawn(hud)?.buttonHighlighted == false)
        #expect(await f.stack.generation > before, "the highlight change is a new picture")
        await f.stack.pointerMoved(to: Self.inside)
        #expect(await f.drawn(hud)?.buttonHighlighted == true)
        await f.stack.pointerMoved(to: Self.outside)
        #expect(await f.stack.pointerUp(at: Self.outside) == false)
        #expect(log.all.isEmpty)
        #expect(await f.drawn(hud)?.buttonHighlighted == false)
    }

    @Test func pressOutsideTheButtonIsNotTaken() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await shownHUD(f, log: log)
        #expect(await f.stack.pointerDown(at: Self.outside) == false)
        #expect(await f.drawn(hud)?.buttonHighlighted == false)
        // Sliding onto the button and releasing there is not a press (UIKit's rule).
        #expect(await f.stack.pointerUp(at: Self.inside) == false)
        #expect(log.all.isEmpty)
    }

    @Test func cancelledPressDoesNothing() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await shownHUD(f, log: log)
        await f.stack.pointerDown(at: Self.inside)
        await f.stack.pointerCancelled()
        #expect(await f.drawn(hud)?.buttonHighlighted == false)
        #expect(await f.stack.pointerUp(at: Self.inside) == false)
        #expect(log.all.isEmpty)
    }

    @Test func noPressWhileHiddenInGraceOrHiding() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        var c = HUDConfiguration()
        c.buttonTitle = "Stop"
        c.graceTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        await hud.setButtonAction { _ in log.record("action") }
        await f.stack.setButtonFrames([hud.id: Self.frame])
        #expect(await f.stack.activateButton() == false, "hidden")
        #expect(await f.stack.pointerDown(at: Self.inside) == false)
        await hud.show()
        await f.advance(0.5)
        #expect(await f.stack.activateButton() == false, "in its grace time")
        await f.advance(0.6)
        #expect(await f.stack.buttonHit(at: Self.inside) == hud)
        await f.stack.pointerDown(at: Self.inside)
        await hud.hide()
        // Animating out: the highlight goes and the release does nothing.
        #expect(await f.drawn(hud)?.buttonHighlighted == false)
        #expect(await f.stack.pointerUp(at: Self.inside) == false)
        #expect(await f.stack.activateButton() == false)
        await f.advance(1)
        #expect(await f.stack.activateButton() == false, "hidden again")
        #expect(log.all.isEmpty)
    }

    @Test func noButtonWithoutATitle() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let hud = await shownHUD(f, log: log, title: "")
        #expect(await f.stack.buttonHit(at: Self.inside) == nil)
        #expect(await f.stack.activateButton() == false)
        #expect(await f.stack.pressButton(of: hud) == false)
        await hud.update { $0.buttonTitle = "Now" }
        #expect(await f.stack.pressButton(of: hud))
        #expect(log.count("action") == 1)
    }

    @Test func enterPressesTheTopmostButton() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        let bottom = await shownHUD(f, log: log)
        var c = HUDConfiguration()
        c.buttonTitle = "Top"
        let top = await f.stack.makeHUD(c)
        await top.setButtonAction { _ in log.record("top") }
        await top.show(animated: false)
        #expect(await f.stack.activateButton())
        #expect(log.all == ["top"])
        await top.hide(animated: false)
        #expect(await f.stack.activateButton())
        #expect(log.all == ["top", "action"])
        _ = bottom
    }

    @Test func actionCanHideItsHUD() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.buttonTitle = "Done"
        let hud = await f.stack.showHUD(c, animated: false)
        await hud.setButtonAction { stack in stack.hide(hud, animated: false) }
        await f.stack.setButtonFrames([hud.id: Self.frame])
        await f.stack.pointerDown(at: Self.inside)
        #expect(await f.stack.pointerUp(at: Self.inside))
        #expect(await f.stack.huds.isEmpty, "hidden and removed by its own action")
    }

    @Test func rectContainsItsTopLeftNotItsBottomRight() {
        let r = HUDRect(x: 1, y: 2, width: 3, height: 4)
        #expect(r.contains(HUDPoint(x: 1, y: 2)))
        #expect(!r.contains(HUDPoint(x: 4, y: 6)))
        #expect(!r.contains(HUDPoint(x: 0.99, y: 3)))
    }
}
