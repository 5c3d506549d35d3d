import HUDCore
import Testing

/// `HUD.waitUntilHidden`: returns after the hide (delayed, animated), at once
/// for a hidden HUD, and when the HUD leaves its stack.
@Suite struct HUDWaitUntilHiddenTests {
    /// Starts `body` and reports whether it returned within `seconds` (a
    /// waiter that never returns fails the test instead of hanging the run).
    private func returns(within seconds: Double, _ body: @escaping @Sendable () async -> Void) async -> Bool {
        let done = Locked(false)
        Task { await body(); done.withLock { $0 = true } }
        for _ in 0..<Int(seconds * 100) {
            if done.withLock({ $0 }) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return done.withLock { $0 }
    }

    @Test func returnsOnlyAfterADelayedAnimatedHide() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.minShowTime = .seconds(1)
        let hud = await f.stack.showHUD(c)
        await hud.hide(animated: true, afterDelay: .seconds(2))
        let returned = Locked(false)
        Task {
            await hud.waitUntilHidden()
            returned.withLock { $0 = true }
        }
        try await Task.sleep(for: .milliseconds(100))  // the waiter registers on the loop
        await f.advance(1.9)
        try await Task.sleep(for: .milliseconds(50))
        #expect(!returned.withLock { $0 }, "returned before the delayed hide")
        await f.advance(0.2)  // the hide starts at 2 s; the fade takes longer
        try await Task.sleep(for: .milliseconds(50))
        #expect(!returned.withLock { $0 }, "returned while the fade-out ran")
        await f.advance(1)
        #expect(await returns(within: 10) { while !returned.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) } },
                "did not return after the HUD had gone")
        #expect(await hud.configuration == nil, "showHUD's HUD left the stack after its hide")
    }

    @Test func returnsAtOnceForAHiddenHUDAndWhenTheHUDIsRemoved() async throws {
        let f = try ManualFixture()
        let hidden = await f.stack.makeHUD()
        #expect(await returns(within: 10) { await hidden.waitUntilHidden() }, "waited for a HUD that is hidden")
        let shown = await f.stack.showHUD()
        let removed = Task { await shown.waitUntilHidden() }
        try await Task.sleep(for: .milliseconds(50))
        await f.stack.remove(shown)
        #expect(await returns(within: 10) { await removed.value }, "waited for a HUD that left the stack")
    }
}
