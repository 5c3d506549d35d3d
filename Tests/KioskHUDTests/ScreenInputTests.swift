import HUDInput
@testable import KioskHUD
import Testing

/// What input does to the HUD's button on a screen: events in an output's
/// pixels, turned into points (here a scale-2 output), pressed and released
/// as UIKit's touch-up-inside; Enter presses the topmost button.
@Suite struct ScreenInputTests {
    final class Log: Sendable {
        let count = Locked(0)
    }

    /// A shown HUD with a button at (100, 200) 80x24 pt whose action counts, and the input on it.
    func setUp(_ loop: EventLoop, _ log: Log) async -> (HUDStack, ScreenInput) {
        let stack = HUDStack(loop: loop)
        var c = HUDConfiguration()
        c.buttonTitle = "Cancel"
        let hud = await stack.makeHUD(c)
        await hud.setButtonAction { _ in log.count.withLock { $0 += 1 } }
        await stack.setButtonFrames([hud.id: HUDRect(x: 100, y: 200, width: 80, height: 24)])
        await hud.show(animated: false)
        let input = ScreenInput(stack: stack) { HUDPoint(x: $0.x / 2, y: $0.y / 2) }
        return (stack, input)
    }

    func send(_ events: [InputEvent], to input: ScreenInput, on loop: EventLoop) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.execute {
                for e in events { input.handle(e) }
                done.resume()
            }
        }
    }

    static func click(_ state: PressState, _ x: Double, _ y: Double) -> InputEvent {
        .pointer(.button(.left, state, at: ScreenPoint(x: x, y: y)))
    }

    static func touch(_ phase: TouchPhase, _ at: (Double, Double)?) -> InputEvent {
        .touch(TouchEvent(phase: phase, slot: 0, position: at.map { ScreenPoint(x: $0.0, y: $0.1) }))
    }

    @Test func aClickOnTheButtonRunsItsActionAndOneBesideItDoesNot() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let log = Log()
        let (_, input) = await setUp(loop, log)
        // (290, 420) px is (145, 210) pt: inside. (100, 100) px is (50, 50) pt: outside.
        await send([Self.click(.pressed, 100, 100), Self.click(.released, 100, 100)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 0)
        await send([Self.click(.pressed, 290, 420), Self.click(.released, 290, 420)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 1)
        // Pressed on the button, dragged off and released there: nothing.
        await send([Self.click(.pressed, 290, 420), .pointer(.motion(ScreenPoint(x: 100, y: 100))),
                    Self.click(.released, 100, 100)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 1)
    }

    @Test func aTapLiftsWhereItLastWasAndEnterPressesTheButton() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let log = Log()
        let (_, input) = await setUp(loop, log)
        // libinput's touch-up has no position: the last one counts.
        await send([Self.touch(.down, (300, 430)), Self.touch(.motion, (310, 432)), Self.touch(.up, nil)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 1)
        await send([Self.touch(.down, (300, 430)), Self.touch(.cancel, nil), Self.touch(.up, nil)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 1)
        let enter = KeyPress(key: .enter, text: nil, modifiers: [], state: .pressed, code: 28)
        let escape = KeyPress(key: .escape, text: nil, modifiers: [], state: .pressed, code: 1)
        await send([.key(escape)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 1)
        await send([.key(enter)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 2)
    }
    static func key(_ key: Key, _ text: String? = nil, _ modifiers: KeyModifiers = [], _ state: PressState = .pressed) -> InputEvent {
        .key(KeyPress(key: key, text: text, modifiers: modifiers, state: state, code: 0))
    }

    /// Keys go to a prompt first: typed text, Backspace, Ctrl-C; Enter answers
    /// it and does not press the button; with no prompt, Enter presses it again.
    @Test func keysAnswerAPromptBeforeTheButton() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let log = Log()
        let (stack, input) = await setUp(loop, log)
        let answers = Locked<[HUDPromptAnswer]>([])
        let hud = try #require(await stack.huds.first)
        await stack.ask(.password, "Disk passphrase", on: hud) { a in answers.withLock { $0.append(a) } }
        await send([Self.key(.symbol("a"), "a"), Self.key(.symbol("a"), nil, [], .released), Self.key(.symbol("B"), "B", [.shift]),
                    Self.key(.symbol("x"), "x"), Self.key(.backspace), Self.key(.enter)], to: input, on: loop)
        #expect(answers.withLock { $0 } == [.text("aB")], "a release types nothing")
        #expect(log.count.withLock { $0 } == 0, "the Enter that answered did not press the button")
        await stack.ask(.question, "Continue?", on: hud) { a in answers.withLock { $0.append(a) } }
        await send([Self.key(.symbol("c"), nil, [.control])], to: input, on: loop)
        #expect(answers.withLock { $0 } == [.text("aB"), .interrupted])
        await send([Self.key(.enter)], to: input, on: loop)
        #expect(log.count.withLock { $0 } == 1)
    }
}
