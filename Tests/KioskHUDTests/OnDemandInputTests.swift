import HUDInput
@testable import KioskHUD
import Testing

/// When a screen's input starts (issue 24): only once something needs it and
/// an output is lit; not while the display is another program's; a failed
/// start is not tried again; started, it stays.
@Suite struct OnDemandInputTests {
    /// An `OnDemandInput` whose starter records the sizes it was started at
    /// (and fails when told to), with no device behind it.
    final class Fixture {
        let loop: EventLoop
        let stack: HUDStack
        var starts: [ScreenSize] = []
        var failures: [String] = []
        var failsToStart = false
        private(set) var input: OnDemandInput!

        init() throws {
            loop = try EventLoop(clock: ManualClock())
            stack = HUDStack(loop: loop)
            input = OnDemandInput(starter: { [unowned self] size throws(SystemError) in
                if failsToStart { throw SystemError(call: "dlopen", subject: "libinput.so.10", detail: "missing") }
                starts.append(size)
                return ScreenInput(stack: stack) { _ in nil }
            }, onFailure: { [unowned self] in failures.append("\($0)") })
        }

        deinit { loop.shutdown() }
    }

    static let size = ScreenSize(width: 1280, height: 800)

    @Test func framesAloneStartNothing() throws {
        let f = try Fixture()
        for _ in 0..<3 { f.input.outputLit(size: Self.size) }
        #expect(f.starts.isEmpty)
        #expect(f.input.input == nil)
        #expect(f.input.canRead, "keys are still promised: nothing has failed")
    }

    @Test func aNeedStartsItAtOnceWhenAnOutputIsLit() throws {
        let f = try Fixture()
        f.input.need(outputSize: Self.size)
        #expect(f.starts == [Self.size], "before need returns: before the frame that draws the prompt")
        f.input.need(outputSize: Self.size)
        f.input.outputLit(size: Self.size)
        #expect(f.starts.count == 1, "started once, and it stays")
    }

    @Test func aNeedBeforeAnyOutputWaitsForTheFirstFrame() throws {
        let f = try Fixture()
        f.input.need(outputSize: nil)
        #expect(f.starts.isEmpty)
        f.input.outputLit(size: ScreenSize(width: 640, height: 480))
        #expect(f.starts == [ScreenSize(width: 640, height: 480)], "at the first output's size")
    }

    @Test func aFailedStartIsToldOnceAndNotTriedAgain() throws {
        let f = try Fixture()
        f.failsToStart = true
        f.input.need(outputSize: Self.size)
        #expect(!f.input.canRead)
        #expect(f.failures.count == 1)
        #expect(f.failures.first?.contains("libinput.so.10") == true)
        f.failsToStart = false
        f.input.need(outputSize: Self.size)
        f.input.outputLit(size: Self.size)
        f.input.resume(outputSize: Self.size)
        #expect(f.starts.isEmpty)
        #expect(f.failures.count == 1)
    }

    /// Plymouth's deactivate lets input go; reactivate reads again only if it had been needed.
    @Test func suspendLetsGoAndResumeStartsAgainOnlyIfNeeded() throws {
        let f = try Fixture()
        f.input.suspend()
        f.input.resume(outputSize: Self.size)
        #expect(f.starts.isEmpty, "never needed: still not started")
        f.input.need(outputSize: Self.size)
        f.input.suspend()
        #expect(f.input.input == nil)
        f.input.need(outputSize: Self.size)
        f.input.outputLit(size: Self.size)
        #expect(f.starts.count == 1, "not while the display is another program's")
        f.input.resume(outputSize: Self.size)
        #expect(f.starts.count == 2)
        #expect(f.input.input != nil)
    }

    @Test func nothingStartsAfterStop() throws {
        let f = try Fixture()
        f.input.stop()
        f.input.need(outputSize: Self.size)
        f.input.resume(outputSize: Self.size)
        #expect(f.starts.isEmpty)
    }
}
