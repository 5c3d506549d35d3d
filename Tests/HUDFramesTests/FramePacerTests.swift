import Testing
import HUDCore
import HUDFrames

private func at(_ ms: Int64) -> HUDInstant { HUDInstant(nanoseconds: ms * 1_000_000) }

@Test func intervalFollowsRefreshOrCap() {
    #expect(FramePacer(refreshRate: 60).interval == .nanoseconds(16_666_666))
    #expect(FramePacer(refreshRate: 75, cap: 30).interval == .nanoseconds(33_333_333))
    #expect(FramePacer(refreshRate: 50, cap: 100).interval == .nanoseconds(20_000_000))
    // A driver reporting nonsense falls back to 60 Hz.
    #expect(FramePacer(refreshRate: 0).interval == .nanoseconds(16_666_666))
    #expect(FramePacer(refreshRate: .nan, cap: -1).interval == .nanoseconds(16_666_666))
}

@Test func framesAreNeverCloserThanTheInterval() {
    var p = FramePacer(refreshRate: 50)
    #expect(p.earliestStart(for: at(5)) == at(5))
    p.frameStarted(at: at(100))
    #expect(p.earliestStart(for: at(101)) == at(120))
    #expect(p.earliestStart(for: at(150)) == at(150))
}

@Test func staticSnapshotsNeedNoFrameAndAnimationsArePaced() {
    var p = FramePacer(refreshRate: 60, cap: 30)
    p.frameStarted(at: at(1000))
    #expect(p.nextFrame(after: HUDSnapshot(time: at(1000), layers: [], nextChange: nil)) == nil)
    // Animating (nextChange == time): the next frame one interval later.
    #expect(p.nextFrame(after: HUDSnapshot(time: at(1000), layers: [], nextChange: at(1000))) == at(1000) + .nanoseconds(33_333_333))
    // A later change: sleep until then.
    #expect(p.nextFrame(after: HUDSnapshot(time: at(1000), layers: [], nextChange: at(1500))) == at(1500))
}
