import HUDCore
import Testing

/// When the HUDs need input (`needsInput`, `whenInputNeeded`): a display
/// reads none until a prompt is asked or a button is on its way, so a HUD
/// that only shows progress loads no input library (issue 24).
@Suite struct HUDInputDemandTests {
    /// Records the order of "input needed" and the invalidations around it.
    func watch(_ f: ManualFixture) async -> CallLog {
        let log = CallLog()
        await f.stack.setInvalidationHandler { log.record("invalidated") }
        await f.stack.whenInputNeeded { log.record("input needed") }
        return log
    }

    @Test func progressLabelsAndHidingNeedNoInput() async throws {
        let f = try ManualFixture()
        let log = await watch(f)
        var c = HUDConfiguration()
        c.label.text = "Booting"
        c.mode = .determinate
        let hud = await f.stack.showHUD(c, animated: false)
        await hud.setProgress(0.5)
        await hud.update { $0.detailsLabel.text = "step 2" }
        await hud.hide(animated: false)
        // A hidden HUD with a button is not a need: nothing to press.
        var withButton = HUDConfiguration()
        withButton.buttonTitle = "OK"
        _ = await f.stack.makeHUD(withButton)
        #expect(await f.stack.needsInput == false)
        #expect(log.count("input needed") == 0)
        #expect(log.count("invalidated") > 0)
    }

    /// A prompt needs input at once, before the display hears of it (so the
    /// devices are open before the frame that draws it), and only once.
    @Test func aPromptNeedsInputBeforeItIsDrawn() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.showHUD(HUDConfiguration(), animated: false)
        let log = await watch(f)
        await f.stack.ask(.password, "Disk passphrase", on: hud) { _ in }
        #expect(log.all == ["input needed", "invalidated"])
        await f.stack.ask(.question, "Continue?", on: hud) { _ in }
        await hud.update { $0.buttonTitle = "Cancel" }
        #expect(log.count("input needed") == 1, "once: input stays started")
        #expect(await f.stack.needsInput)
    }

    /// A prompt on a HUD not shown yet needs input too: the devices are open when it appears.
    @Test func aPromptOnAHiddenHUDNeedsInput() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        let log = await watch(f)
        await f.stack.ask(.password, "Disk passphrase", on: hud) { _ in }
        #expect(log.count("input needed") == 1)
    }

    /// A button needs input from the show (its grace time included), or when added to a shown HUD.
    @Test func aButtonNeedsInputFromTheShow() async throws {
        let f = try ManualFixture()
        let log = await watch(f)
        var c = HUDConfiguration()
        c.buttonTitle = "Cancel"
        c.graceTime = .seconds(1)
        let hud = await f.stack.makeHUD(c)
        #expect(log.count("input needed") == 0)
        await hud.show(animated: false)
        #expect(log.all.first == "input needed", "in the grace time, before the button is drawn: \(log.all)")

        let g = try ManualFixture()
        let shown = await g.stack.showHUD(HUDConfiguration(), animated: false)
        let later = await watch(g)
        #expect(later.all.isEmpty)
        await shown.update { $0.buttonTitle = "Stop" }
        #expect(later.all == ["input needed", "invalidated"])
    }

    /// Asked for when input is needed already (a prompt before the display opened): at once.
    @Test func aWaiterAddedWhenInputIsNeededRunsAtOnce() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await f.stack.ask(.question, "Continue?", on: hud) { _ in }
        let log = await watch(f)
        #expect(log.all == ["input needed"])
    }
}
