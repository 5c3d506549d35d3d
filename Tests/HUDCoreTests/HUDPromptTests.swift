import HUDCore
import Testing

/// Prompts in the bezel: drawn in the labels' place, typed into, answered once.
@Suite struct HUDPromptTests {
    /// A shown HUD with labels a prompt must not lose.
    func shownHUD(_ f: ManualFixture) async -> HUD {
        var c = HUDConfiguration()
        c.label.text = "Booting"
        c.detailsLabel.text = "step 3"
        c.buttonTitle = "Cancel"
        let hud = await f.stack.makeHUD(c)
        await hud.show(animated: false)
        return hud
    }

    func drawnConfiguration(_ f: ManualFixture, _ hud: HUD) async -> HUDConfiguration? {
        await f.stack.snapshot().layers.first { $0.id == hud.id }?.configuration
    }

    /// Records answers from the loop.
    final class Answers: Sendable {
        private let list = Locked<[HUDPromptAnswer]>([])
        func record(_ a: HUDPromptAnswer) { list.withLock { $0.append(a) } }
        var all: [HUDPromptAnswer] { list.withLock { $0 } }
    }

    @Test func aPasswordIsDrawnAsBulletsAndAnsweredOnEnter() async throws {
        let f = try ManualFixture()
        let hud = await shownHUD(f)
        let answers = Answers()
        let ticket = await f.stack.ask(.password, "Disk passphrase", on: hud) { answers.record($0) }
        #expect(ticket != nil)
        var drawn = await drawnConfiguration(f, hud)
        #expect(drawn?.label.text == "Disk passphrase")
        #expect(drawn?.detailsLabel.text == "_")
        #expect(drawn?.buttonTitle == "", "the prompt hides the button")
        for key in ["s", "3", "c", "r", "e", "t"] { #expect(await f.stack.type(.text(key))) }
        drawn = await drawnConfiguration(f, hud)
        #expect(drawn?.detailsLabel.text == "●●●●●●_")
        #expect(drawn.map { !$0.label.text.contains("s3cret") && !$0.detailsLabel.text.contains("s") } == true, "never echoed")
        #expect(await f.stack.activePrompt == HUDPrompt(kind: .password, message: "Disk passphrase", entry: "●●●●●●_"))
        #expect(await f.stack.type(.backspace))
        #expect(await f.stack.type(.text("T")))
        #expect(answers.all.isEmpty)
        #expect(await f.stack.type(.enter))
        #expect(answers.all == [.text("s3creT")])
        // The HUD's own labels and button are back.
        drawn = await drawnConfiguration(f, hud)
        #expect(drawn?.label.text == "Booting")
        #expect(drawn?.detailsLabel.text == "step 3")
        #expect(drawn?.buttonTitle == "Cancel")
        #expect(await f.stack.activePrompt == nil)
        #expect(await f.stack.type(.enter) == false, "Enter with no prompt is left for the button")
    }

    @Test func aQuestionIsEchoedAndEscapeClearsIt() async throws {
        let f = try ManualFixture()
        let hud = await shownHUD(f)
        let answers = Answers()
        await f.stack.ask(.question, "Continue? [y/n]", on: hud) { answers.record($0) }
        await f.stack.type(.text("n"))
        #expect(await drawnConfiguration(f, hud)?.detailsLabel.text == "n_")
        await f.stack.type(.escape)
        #expect(await drawnConfiguration(f, hud)?.detailsLabel.text == "_")
        await f.stack.type(.backspace)   // nothing to erase: still taken, nothing breaks
        await f.stack.type(.text("y"))
        await f.stack.type(.enter)
        #expect(answers.all == [.text("y")])
    }

    @Test func controlCInterruptsAndPromptsAreAnsweredInTurn() async throws {
        let f = try ManualFixture()
        let hud = await shownHUD(f)
        let first = Answers(), second = Answers()
        await f.stack.ask(.password, "First", on: hud) { first.record($0) }
        await f.stack.ask(.password, "Second", on: hud) { second.record($0) }
        #expect(await f.stack.promptCount == 2)
        #expect(await f.stack.activePrompt?.message == "First")
        await f.stack.type(.text("a"))
        await f.stack.type(.interrupt)
        #expect(first.all == [.interrupted])
        #expect(await f.stack.activePrompt == HUDPrompt(kind: .password, message: "Second", entry: "_"), "the next one starts empty")
        await f.stack.type(.enter)
        #expect(second.all == [.text("")])
    }

    @Test func hidingTheHUDWithdrawsItsPrompts() async throws {
        let f = try ManualFixture()
        let hud = await shownHUD(f)
        let answers = Answers()
        await f.stack.ask(.password, "Disk passphrase", on: hud) { answers.record($0) }
        await f.stack.type(.text("x"))
        await hud.hide(animated: false)
        await f.advance(1)
        #expect(answers.all == [.withdrawn])
        #expect(await f.stack.type(.text("y")) == false, "no prompt takes keys any more")
    }

    @Test func withdrawAnswersOnceAndOnlyThatPrompt() async throws {
        let f = try ManualFixture()
        let hud = await shownHUD(f)
        let a = Answers(), b = Answers()
        let ticket = try #require(await f.stack.ask(.password, "A", on: hud) { a.record($0) })
        await f.stack.ask(.question, "B", on: hud) { b.record($0) }
        await f.stack.withdrawPrompt(ticket)
        await f.stack.withdrawPrompt(ticket)
        #expect(a.all == [.withdrawn])
        #expect(await f.stack.activePrompt?.message == "B")
        await f.stack.withdrawAllPrompts()
        #expect(b.all == [.withdrawn])
        #expect(await f.stack.promptCount == 0)
    }

    @Test func aHiddenHUDsPromptTakesNoKeysUntilShown() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        let answers = Answers()
        await f.stack.ask(.password, "P", on: hud) { answers.record($0) }
        #expect(await f.stack.type(.text("x")) == false)
        #expect(await f.stack.activePrompt == nil)
        await hud.show(animated: false)
        #expect(await f.stack.type(.text("x")))
        await f.stack.type(.enter)
        #expect(answers.all == [.text("x")])
    }

    @Test func theKeystrokeObserverSeesTextFirst() async throws {
        let f = try ManualFixture()
        let hud = await shownHUD(f)
        let answers = Answers()
        let seen = CallLog()
        await f.stack.ask(.question, "Q", on: hud) { answers.record($0) }
        await f.stack.setKeystrokeObserver { _, text in
            seen.record(text)
            return text == "c"
        }
        await f.stack.type(.text("c"))
        await f.stack.type(.text("y"))
        await f.stack.type(.enter)
        #expect(seen.all == ["c", "y"], "Enter is not text")
        #expect(answers.all == [.text("y")], "the observer took 'c'")
    }

    @Test func askingOnAHUDNotOnTheStackAnswersNothing() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await f.stack.remove(hud)
        let answers = Answers()
        #expect(await f.stack.ask(.password, "P", on: hud) { answers.record($0) } == nil)
        #expect(answers.all.isEmpty)
    }
}
