import HUDCore
import HUDFrames
import Testing

/// One frame loop on a manual clock, over a `FakeScanout` and a `FakePainter`.
final class FrameFixture: Sendable {
    let clock = ManualClock()
    let loop: EventLoop
    let scene = Scene()
    let scanout: FakeScanout
    let painter = FakePainter()
    let frames: FrameLoop
    let errors = Locked<[String]>([])

    init(refreshRate: Double? = 60, fpsCap: Double? = nil) throws {
        loop = try EventLoop(clock: clock)
        scanout = FakeScanout(loop: loop, refreshRate: refreshRate)
        let scene = self.scene
        frames = FrameLoop(scanout: scanout, painter: painter, loop: loop, fpsCap: fpsCap) { scene.snapshot(at: $0) }
        let errors = self.errors
        frames.onError = { error in errors.withLock { $0.append("\(error)") } }
    }

    deinit { loop.shutdown() }

    func start() async {
        await loop.run { [self] in
            do { try frames.start() } catch { Issue.record("start: \(error)") }
        }
    }

    func advance(milliseconds: Int64) async { await loop.advance(by: .milliseconds(milliseconds)) }

    /// Runs `body` on the loop (where the loop, scanout and painter live).
    func onLoop<T: Sendable>(_ body: @escaping @Sendable (FrameFixture) -> T) async -> T {
        await loop.run { [self] in body(self) }
    }

    var presentations: Int { get async { await onLoop { $0.scanout.presentations } } }
    var calls: [String] { get async { await onLoop { $0.scanout.calls } } }
    var statistics: FrameStatistics { get async { await onLoop { $0.frames.statistics } } }
}

private func ms(_ instant: HUDInstant) -> Double { Double(instant.nanoseconds) / 1e6 }

@Suite struct FrameLoopTests {
    @Test func aStaticHUDCostsOneFrameAndThenNothing() async throws {
        let f = try FrameFixture()
        await f.start()
        await f.onLoop { $0.scanout.complete() }
        await f.advance(milliseconds: 5000)
        #expect(await f.presentations == 1)
        #expect(await f.onLoop { $0.painter.paints.count } == 1)
        // No timer left: nothing wakes the loop while the picture stands still.
        #expect(f.loop.pendingTimerCount == 0)
        // A change is one more frame, into the other buffer, and then nothing again.
        await f.onLoop { $0.frames.invalidate() }
        await f.advance(milliseconds: 1)
        await f.onLoop { $0.scanout.complete() }
        await f.advance(milliseconds: 5000)
        #expect(await f.calls.filter { $0.hasPrefix("present") } == ["present 0", "present 1"])
        #expect(f.loop.pendingTimerCount == 0)
        #expect(await f.statistics.framesPresented == 2)
    }

    @Test func aLateFlipEventHoldsTheNextFrameAndNoBurstFollows() async throws {
        let f = try FrameFixture()
        f.scene.animating = true
        await f.start()
        // The flip's event is 100 ms late: no frame is drawn meanwhile (the
        // back buffer may still be scanned out).
        await f.advance(milliseconds: 100)
        #expect(await f.presentations == 1)
        #expect(await f.onLoop { $0.painter.paints.count } == 1)
        await f.onLoop { $0.scanout.complete() }
        await f.advance(milliseconds: 0)
        // One frame right after the event, then one per refresh interval, not a catch-up burst.
        await f.onLoop { $0.scanout.complete() }
        await f.advance(milliseconds: 10)
        #expect(await f.presentations == 2)
        let times = await f.onLoop { $0.scanout.presentTimes }
        #expect(ms(times[1]) == 100)
        await f.onLoop { $0.scanout.complete() }
        await f.advance(milliseconds: 7)
        #expect(await f.presentations == 3)
        let third = await f.onLoop { $0.scanout.presentTimes[2] }
        #expect(third - times[1] == .nanoseconds(16_666_666))
    }

    @Test func aBusyCommitIsRetriedAFrameLaterAndReported() async throws {
        let f = try FrameFixture()
        await f.onLoop { $0.scanout.failures = [SystemError(call: "drmModeAtomicCommit", subject: "card0", errno: .busy)] }
        await f.start()
        #expect(await f.presentations == 0)
        #expect(f.errors.withLock { $0 }.count == 1)
        #expect(f.errors.withLock { $0 }.first?.contains("drmModeAtomicCommit") == true)
        await f.advance(milliseconds: 17)
        #expect(await f.calls.filter { $0.hasPrefix("present") } == ["present 0 failed", "present 0"])
        await f.onLoop { $0.scanout.complete() }
        #expect(await f.statistics.framesPresented == 1)
    }

    @Test func permissionDeniedPausesUntilResume() async throws {
        let f = try FrameFixture()
        await f.onLoop { $0.scanout.failures = [SystemError(call: "drmModePageFlip", errno: .permissionDenied)] }
        await f.start()
        await f.advance(milliseconds: 1000)
        // Not master (the VT is away): no retry until the screen is ours again.
        #expect(await f.calls.filter { $0.hasPrefix("present") } == ["present 0 failed"])
        await f.onLoop { $0.frames.resume() }
        await f.advance(milliseconds: 17)
        #expect(await f.calls.suffix(3) == ["resume", "present 0", "wakes true"])
    }

    @Test func pauseAndResumeAroundAVTSwitchRepaintEverything() async throws {
        let f = try FrameFixture()
        await f.start()
        await f.onLoop { $0.scanout.complete() }
        // Both buffers painted once: from now on a paint is damage only.
        await f.onLoop { $0.frames.invalidate() }
        await f.advance(milliseconds: 17)
        await f.onLoop { $0.scanout.complete() }
        await f.onLoop { $0.frames.pause() }
        // Changes while the VT is away draw nothing and settle nothing.
        await f.onLoop { $0.scene.generation = 1; $0.frames.invalidate() }
        await f.advance(milliseconds: 1000)
        #expect(await f.presentations == 2)
        #expect(await f.onLoop { $0.frames.hasSettled(generation: 1) } == false)
        await f.onLoop { $0.frames.resume() }
        await f.advance(milliseconds: 17)
        #expect(await f.calls == ["start", "present 0", "wakes true", "present 1", "wakes true",
                                  "suspend", "resume", "present 0", "wakes true"])
        // The whole buffer, not the damage: the console drew over the screen.
        let last = await f.onLoop { $0.painter.paints.last! }
        #expect(last.region == PixelRect(x: 0, y: 0, width: 8, height: 8))
        await f.onLoop { $0.scanout.complete() }
        #expect(await f.onLoop { $0.frames.hasSettled(generation: 1) })
    }

    @Test func aHeadUnpluggedMidFlipStopsAtOnceAndSettlesWhenItsFlipLands() async throws {
        let f = try FrameFixture()
        f.scene.animating = true
        await f.start()
        let settled = Locked(0)
        await f.onLoop { f in
            f.frames.onPresentationSettled = { settled.withLock { $0 += 1 } }
            f.frames.stop(retainingPicture: true, waitingForPresentation: false)
        }
        // Not waited for, not yet stopped: the buffer may still be scanned out.
        #expect(await f.calls.contains("wait") == false)
        #expect(await f.calls.contains("stop retaining") == false)
        #expect(settled.withLock { $0 } == 0)
        await f.onLoop { $0.scanout.complete() }
        #expect(settled.withLock { $0 } == 1)
        #expect(await f.calls.last == "stop retaining")
        // Nothing more is drawn, though the scene still animates.
        await f.advance(milliseconds: 500)
        #expect(await f.presentations == 1)
        #expect(await f.statistics.framesPresented == 1)
    }

    @Test func twoHeadsPaceIndependently() async throws {
        let fast = try FrameFixture(refreshRate: 60)
        // Shares the fast head's loop and scene: a second head on the same stack.
        let slowScanout = FakeScanout(loop: fast.loop, refreshRate: 30)
        let scene = fast.scene
        let slow = FrameLoop(scanout: slowScanout, painter: FakePainter(), loop: fast.loop) { scene.snapshot(at: $0) }
        scene.animating = true
        await fast.onLoop { f in
            f.scanout.completesAfter = .milliseconds(2)
            // The slow head's flips take 40 ms: longer than its interval.
            slowScanout.completesAfter = .milliseconds(40)
        }
        await fast.start()
        await fast.loop.run { do { try slow.start() } catch { Issue.record("\(error)") } }
        await fast.advance(milliseconds: 1000)
        let fastFrames = await fast.presentations
        let slowFrames = await fast.loop.run { slowScanout.presentations }
        // 60 Hz: a frame each 16.7 ms; the slow head one per completed 40 ms flip.
        #expect((59...61).contains(fastFrames))
        #expect((24...26).contains(slowFrames))
    }

    @Test func aDistantNextFrameReadsItsFlipEventThenInsteadOfWaking() async throws {
        let f = try FrameFixture()
        f.scene.nextChangeAfter = .milliseconds(100)  // a spinner step
        await f.start()
        await f.onLoop { $0.scanout.complete() }  // the first frame's event is waited for
        await f.advance(milliseconds: 100)
        await f.onLoop { $0.scanout.complete() }  // arrives, but unread
        #expect(await f.onLoop { $0.scanout.completionUnread })
        await f.advance(milliseconds: 100)
        let calls = await f.calls
        // The second frame asked not to be woken; the third read the event first, then presented.
        #expect(Array(calls.prefix(5)) == ["start", "present 0", "wakes true", "present 1", "wakes false"])
        #expect(Array(calls.dropFirst(5).prefix(2)) == ["collect", "present 0"])
        #expect(await f.statistics.framesPresented == 2)
        #expect(await f.presentations == 3)
    }

    @Test func nothingVisibleGivesTheScreenBackOnce() async throws {
        let f = try FrameFixture()
        let released = Locked(0)
        await f.onLoop { $0.frames.onScreenReleased = { released.withLock { $0 += 1 } } }
        await f.start()
        await f.onLoop { $0.scanout.complete() }
        await f.onLoop { $0.scene.visible = false; $0.scene.generation = 1; $0.frames.invalidate() }
        await f.advance(milliseconds: 20)
        await f.onLoop { $0.frames.invalidate() }
        await f.advance(milliseconds: 20)
        #expect(released.withLock { $0 } == 1)
        #expect(await f.statistics.releases == 1)
        #expect(await f.presentations == 1)
        #expect(await f.onLoop { $0.frames.hasSettled(generation: 1) })
        // Shown again: everything is repainted from scratch after the console had the screen.
        await f.onLoop { $0.scene.visible = true; $0.frames.invalidate() }
        await f.advance(milliseconds: 20)
        #expect(await f.presentations == 2)
        #expect(await f.onLoop { $0.painter.paints.last!.region } == PixelRect(x: 0, y: 0, width: 8, height: 8))
    }

    @Test func aFrameThatRepaintsNothingPresentsNothing() async throws {
        let f = try FrameFixture()
        await f.start()
        await f.onLoop { $0.scanout.complete() }
        await f.advance(milliseconds: 20)
        // Buffer 1's first paint is whole; after it, an unchanged picture repaints nothing.
        await f.onLoop { $0.frames.invalidate() }
        await f.advance(milliseconds: 20)
        await f.onLoop { $0.scanout.complete() }
        await f.onLoop { $0.painter.damage = .empty; $0.scene.generation = 2; $0.frames.invalidate() }
        await f.advance(milliseconds: 20)
        #expect(await f.presentations == 2)
        #expect(await f.onLoop { $0.painter.paints.count } == 3)
        #expect(await f.onLoop { $0.frames.hasSettled(generation: 2) })
    }

    @Test func aCapSlowsTheLoopBelowTheRefreshRate() async throws {
        let f = try FrameFixture(refreshRate: 60, fpsCap: 20)
        f.scene.animating = true
        await f.onLoop { $0.scanout.completesAfter = .milliseconds(1) }
        await f.start()
        await f.advance(milliseconds: 1000)
        #expect((20...21).contains(await f.presentations))
    }
}

@Suite struct MemoryScanoutTests {
    @Test func showsWhatWasPaintedAndDrawsTheEmptyPicture() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let scanout = MemoryScanout(width: 8, height: 4)
        let painter = FakePainter()
        let scene = Scene()
        let frames = FrameLoop(scanout: scanout, painter: painter, loop: loop) { scene.snapshot(at: $0) }
        let shown = Locked<[Bool]>([])
        await loop.run {
            frames.onFrameShown = { snap in shown.withLock { $0.append(!snap.layers.isEmpty) } }
            do { try frames.start() } catch { Issue.record("\(error)") }
        }
        #expect(scanout.presentations == 1)
        #expect(scanout.shown.pixel(x: 0, y: 0) == 1)  // the painter's first paint
        #expect(scanout.lastDamage == PixelRect(x: 0, y: 0, width: 8, height: 4))
        // Memory keeps drawing when nothing is visible: the HUD is painted away.
        await loop.run { scene.visible = false; frames.invalidate() }
        await loop.advance(by: .milliseconds(20))
        #expect(scanout.presentations == 2)
        #expect(await loop.run { frames.statistics.releases } == 0)
        #expect(shown.withLock { $0 } == [true, false])
    }
}
