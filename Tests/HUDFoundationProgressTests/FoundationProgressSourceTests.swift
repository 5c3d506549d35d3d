// Foundation has no module interface in the aarch64 SDK (scripts/arm64/make-sdk.sh): empty there.
#if canImport(Foundation)
import Foundation
import HUDCore
import HUDFoundationProgress
import Testing

@Suite struct FoundationProgressSourceTests {
    @Test func aShownHUDFollowsAFoundationProgress() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let stack = HUDStack(loop: loop)
        var c = HUDConfiguration()
        c.mode = .annularDeterminate
        let hud = await stack.showHUD(c, animated: false)
        let progress = Progress(totalUnitCount: 8)
        await hud.setProgressSource(FoundationProgressSource(progress))
        progress.completedUnitCount = 2
        #expect(await stack.snapshot().layers.first?.presentation.progress == 0.25)
        progress.completedUnitCount = 6
        #expect(await stack.snapshot().layers.first?.presentation.progress == 0.75)
    }
}
#endif
