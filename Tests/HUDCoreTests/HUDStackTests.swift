import HUDCore
import Testing

/// The stack: lookup, removal, progress sources, parallax, frames and wake-ups.
@Suite struct HUDStackTests {
    @Test func topmostUnfinishedHUDSkipsFinishedOnes() async throws {
        let f = try ManualFixture()
        let bottom = await f.stack.makeHUD()
        let top = await f.stack.makeHUD()
        #expect(await f.stack.topmostUnfinishedHUD() == top)
        await top.show()
        await top.hide()
        #expect(await f.stack.topmostUnfinishedHUD() == bottom)
        await bottom.show()
        #expect(await f.stack.hideTopmostHUD(animated: false))
        #expect(await f.stack.topmostUnfinishedHUD() == nil)
        #expect(await f.stack.hideTopmostHUD() == false)
        #expect(await f.stack.huds == [top], "hideTopmostHUD removes the HUD it hid")
    }

    @Test func showHUDIsRemovedWhenHiddenAndMakeHUDStays() async throws {
        let f = try ManualFixture()
        let kept = await f.stack.makeHUD()
        let shown = await f.stack.showHUD()
        await kept.show()
        await f.advance(0.3)
        await shown.hide()
        await kept.hide()
        await f.advance(0.3)
        #expect(await f.stack.huds == [kept])
        #expect(await shown.configuration == nil)
        await shown.show()  // a removed HUD ignores calls
        #expect(await f.stack.snapshot().layers.isEmpty)
    }

    @Test func restingGenerationWaitsForFadesNotForTheSpinner() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        let before = await f.stack.generation
        await hud.show()
        // Fading in: a display cannot be settled yet, whatever it drew.
        await f.advance(0.1)
        #expect(await f.stack.restingGeneration() == nil)
        // Shown: the spinner keeps turning, but the HUD is at rest.
        await f.advance(0.5)
        let shown = try #require(await f.stack.restingGeneration())
        #expect(shown > before)
        #expect(await f.stack.snapshot().generation == shown)
        // A change is a new generation a display must present.
        await hud.update { $0.label.text = "Next" }
        #expect(try #require(await f.stack.restingGeneration()) > shown)
        await hud.hide()
        await f.advance(0.1)
        #expect(await f.stack.restingGeneration() == nil, "fading out")
        await f.advance(0.5)
        #expect(await f.stack.restingGeneration() != nil)
    }

    @Test func hudsFromAnotherStackAreIgnored() async throws {
        let f = try ManualFixture()
        let other = HUDStack(loop: f.loop)
        let foreign = await other.makeHUD()
        await f.stack.show(foreign)
        await f.advance(0.3)
        #expect(await f.stack.snapshot().layers.isEmpty)
    }

    @Test func snapshotListsVisibleHUDsBottomFirst() async throws {
        let f = try ManualFixture()
        let a = await f.stack.showHUD(animated: false)
        let b = await f.stack.showHUD(animated: false)
        let hidden = await f.stack.makeHUD()
        let ids = await f.stack.snapshot().layers.map(\.id)
        #expect(ids == [a.id, b.id])
        #expect(!ids.contains(hidden.id))
    }

    final class Counting: HUDProgressSource {
        let reads = CallLog()
        let value: Double
        init(_ value: Double) { self.value = value }
        func fractionCompleted() -> Double {
            reads.record("read")
            return value
        }
    }

    @Test func progressSourceIsReadOncePerFrameOnlyWhileShown() async throws {
        let f = try ManualFixture()
        let source = Counting(0.42)
        let hud = await f.stack.makeHUD()
        await hud.setProgressSource(source)
        _ = await f.stack.snapshot()
        #expect(source.reads.all.isEmpty, "hidden: not read")
        await hud.show(animated: false)
        let snap = await f.stack.snapshot()
        #expect(source.reads.all.count == 1)
        #expect(snap.layers.first?.presentation.progress == 0.42)
        #expect(snap.nextChange == snap.time, "a source is read every frame")
    }

    final class Settable: HUDProgressSource {
        let value = Locked(0.0)
        func fractionCompleted() -> Double { value.withLock { $0 } }
    }

    @Test func aSourceThatStopsMovingIsReadTenTimesASecondNotEveryFrame() async throws {
        let f = try ManualFixture()
        let source = Settable()
        var c = HUDConfiguration()
        c.mode = .annularDeterminate
        let hud = await f.stack.showHUD(c, animated: false)
        await hud.setProgressSource(source)
        var snap = await f.stack.snapshot()
        #expect(snap.nextChange == snap.time)
        await f.advance(0.6)  // unchanged for longer than the settle time
        snap = await f.stack.snapshot()
        #expect(snap.nextChange == snap.time + .milliseconds(100))
        source.value.withLock { $0 = 0.5 }
        snap = await f.stack.snapshot()
        #expect(snap.layers.first?.presentation.progress == 0.5)
        #expect(snap.nextChange == snap.time, "moving again: every frame")
    }

    @Test func nonFiniteProgressFromASourceNeverReachesDrawing() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.setProgress(0.3)
        await hud.setProgressSource(Counting(.nan))
        await hud.show(animated: false)
        #expect(await f.drawn(hud)?.progress == 0.3)
        await hud.setProgressSource(Counting(.infinity))
        #expect(await f.drawn(hud)?.progress == 1)
        await hud.setProgressSource(Counting(-5))
        #expect(await f.drawn(hud)?.progress == 0)
    }

    @Test func spinnerStepsTwelveTimesPerTurnAndWakesOnlyAtSteps() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.show(animated: false)
        var phases: [Double] = []
        for _ in 0..<12 {
            let snap = await f.stack.snapshot()
            phases.append(try #require(snap.layers.first).presentation.spinnerPhase)
            let next = try #require(snap.nextChange)
            #expect(next > snap.time)
            await f.loop.advance(by: next - snap.time)
        }
        #expect(phases == (0..<12).map { Double($0) / 12 })
        #expect(await f.drawn(hud)?.spinnerPhase == 0, "a full turn later it is back at 0")
    }

    @Test func aShownTextHUDIsStaticAndTheLoopSleeps() async throws {
        let f = try ManualFixture()
        var c = HUDConfiguration()
        c.mode = .text
        c.label.text = "Ready"
        let hud = await f.stack.makeHUD(c)
        await hud.show()
        await f.advance(0.3)
        #expect(await f.stack.snapshot().nextChange == nil)
        #expect(f.loop.pendingTimerCount == 0)
        let before = f.loop.wakeUps
        await f.advance(3600)
        #expect(f.loop.wakeUps - before == 1, "the only wake-up is the advance call itself")
        #expect(await f.drawn(hud)?.bezelAlpha == 1)
    }

    @Test func parallaxFollowsTiltOnlyWhenTheMotionEffectIsOn() async throws {
        let f = try ManualFixture()
        let hud = await f.stack.makeHUD()
        await hud.show(animated: false)
        await f.stack.setTilt(HUDTilt(x: 0.5, y: -1))
        #expect(await f.drawn(hud)?.parallaxOffset == .zero)
        await hud.update { $0.motionEffectEnabled = true }
        #expect(await f.drawn(hud)?.parallaxOffset == HUDPoint(x: 5, y: -10))
        await hud.update { $0.motionAmplitude = 20 }
        await f.stack.setTilt(HUDTilt(x: 3, y: .nan))  // clamped, NaN to level
        #expect(await f.drawn(hud)?.parallaxOffset == HUDPoint(x: 20, y: 0))
    }

    @Test func invalidationComesForVisibleChangesOnly() async throws {
        let f = try ManualFixture()
        let log = CallLog()
        await f.stack.setInvalidationHandler { log.record("frame") }
        let hud = await f.stack.makeHUD()
        await hud.update { $0.label.text = "hidden change" }
        #expect(log.all.isEmpty)
        await hud.show(animated: false)
        #expect(log.count("frame") == 1)
        await hud.update { $0.label.text = "hidden change" }  // not different
        await hud.update { $0.progress = 0.5 }
        #expect(log.count("frame") == 2)
        await f.stack.setTilt(HUDTilt(x: 1, y: 0))  // motion effect off: nothing moves
        #expect(log.count("frame") == 2)
    }
}
