import HUDCore
import Testing
@testable import HUDRender

/// Each frame reports what changed, and painting only that gives the same
/// picture as painting everything.
@Suite struct DamageTests {
    func config() -> HUDConfiguration {
        var c = HUDConfiguration()
        c.label.text = "Loading"
        c.detailsLabel.text = "Please wait"
        return c
    }

    func renderer(_ w: Int = 320, _ h: Int = 240) throws -> HUDRenderer {
        HUDRenderer(geometry: try ScreenGeometry(pixelWidth: w, pixelHeight: h),
                    backdrop: HUDBackdrop(color: HUDColor(red: 0.2, green: 0.3, blue: 0.5)))
    }

    @Test func firstFrameDamagesTheWholeScreenAndAnUnchangedOneNothing() throws {
        let r = try renderer()
        let first = r.update(to: TestCanvas.snapshot(config()))
        #expect(first.damage.rects == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        let same = r.update(to: TestCanvas.snapshot(config()))
        #expect(same.damage.isEmpty)
    }

    @Test func spinnerStepDamagesOnlyTheSpinnerBox() throws {
        let r = try renderer()
        _ = r.update(to: TestCanvas.snapshot(config(), .shown(spinnerPhase: 0)))
        let step = r.update(to: TestCanvas.snapshot(config(), .shown(spinnerPhase: 1.0 / 12)))
        let box = try #require(r.indicatorFrame(id: 1))
        #expect(step.damage.rects == [box])
        #expect(box.width <= 40 && box.height <= 40)
        let bezel = try #require(r.bezelFrame(id: 1))
        #expect(bezel.contains(box))
    }

    /// Spinner steps reuse the previous layout; anything else that changes
    /// the layout between two steps must still be laid out again.
    @Test func spinnerStepsStillSeeTextStyleAndConfigurationChanges() throws {
        let r = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: 320, pixelHeight: 240), textLoading: .afterPrepareText)
        var phase = 0.0
        func step(_ c: HUDConfiguration) -> FrameUpdate {
            phase += 1.0 / 12
            return r.update(to: TestCanvas.snapshot(c, .shown(spinnerPhase: phase)))
        }
        var c = config()
        _ = step(c)
        _ = step(c)
        #expect(r.textFrames(id: 1).label == nil, "no text engine yet")
        r.prepareText()
        let withText = step(c)
        let label = try #require(r.textFrames(id: 1).label)
        #expect(!withText.damage.isEmpty && withText.damage.bounds.contains(label))
        let box = try #require(r.indicatorFrame(id: 1))
        var style = r.style
        style.indicatorSize = 60
        r.setStyle(style)
        _ = step(c)
        let bigger = try #require(r.indicatorFrame(id: 1))
        #expect(bigger.width > box.width + 15, "\(box) → \(bigger)")
        c.label.text = "Loading a much longer label"
        let relabelled = step(c)
        let longer = try #require(r.textFrames(id: 1).label)
        #expect(longer.width > label.width)
        #expect(relabelled.damage.bounds.contains(longer))
        var moved = HUDPresentation.shown(spinnerPhase: phase)
        moved.parallaxOffset = HUDPoint(x: 10, y: 0)
        let before = try #require(r.bezelFrame(id: 1))
        _ = r.update(to: TestCanvas.snapshot(c, moved))
        let after = try #require(r.bezelFrame(id: 1))
        #expect(after.x == before.x + 10)
    }

    @Test func progressChangeDamagesOnlyTheIndicator() throws {
        var c = config()
        c.mode = .determinateHorizontalBar
        let r = try renderer()
        _ = r.update(to: TestCanvas.snapshot(c, .shown(progress: 0.2)))
        let u = r.update(to: TestCanvas.snapshot(c, .shown(progress: 0.3)))
        #expect(u.damage.rects == [try #require(r.indicatorFrame(id: 1))])
    }

    @Test func labelChangeDamagesTheOldAndNewBezelOnly() throws {
        let r = try renderer()
        _ = r.update(to: TestCanvas.snapshot(config()))
        let before = try #require(r.bezelFrame(id: 1))
        var c = config()
        c.label.text = "Loading a much longer label"
        let u = r.update(to: TestCanvas.snapshot(c))
        let after = try #require(r.bezelFrame(id: 1))
        #expect(after.width > before.width)
        #expect(u.damage.bounds == before.union(after))
        #expect(u.damage.area < 320 * 240 / 2)
    }

    @Test func dimmingChangeDamagesTheWholeScreen() throws {
        var c = config()
        let r = try renderer()
        _ = r.update(to: TestCanvas.snapshot(c))
        c.backgroundColor = HUDColor(white: 0, alpha: 0.4)
        let u = r.update(to: TestCanvas.snapshot(c))
        #expect(u.damage.rects == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
    }

    @Test func hidingAndShowingDamagesTheBezel() throws {
        let r = try renderer()
        _ = r.update(to: TestCanvas.snapshot(config()))
        let bezel = try #require(r.bezelFrame(id: 1))
        let gone = r.update(to: HUDSnapshot(time: .zero, layers: [], nextChange: nil))
        #expect(gone.damage.rects == [bezel])
    }

    /// A run of frames painted incrementally (damage only) must match each
    /// frame painted whole by a fresh renderer, with one buffer and with two.
    @Test(arguments: [1, 2, 3])
    func incrementalPaintingMatchesFullPainting(bufferCount: Int) throws {
        var frames: [(HUDConfiguration, HUDPresentation)] = []
        var c = config()
        for i in 0..<14 { frames.append((c, .shown(spinnerPhase: Double(i % 12) / 12))) }
        c.label.text = "Loading more"
        frames.append((c, .shown(spinnerPhase: 0.5)))
        c.mode = .annularDeterminate
        for i in 0..<5 { frames.append((c, .shown(progress: Double(i) / 5))) }
        var faded = HUDPresentation.shown(progress: 0.8)
        faded.bezelAlpha = 0.6
        faded.bezelScale = 0.8
        frames.append((c, faded))
        frames.append((c, .shown(progress: 0.8)))
        c.offset = HUDPoint(x: 0, y: HUDConfiguration.maxOffset)
        frames.append((c, .shown(progress: 0.9)))
        c.backgroundColor = HUDColor(white: 0, alpha: 0.5)
        frames.append((c, .shown(progress: 0.9)))
        c.mode = .indeterminate
        for i in 0..<3 { frames.append((c, .shown(spinnerPhase: Double(i) / 12))) }

        let incremental = try renderer()
        let buffers = try (0..<bufferCount).map { _ in try OwnedPixelBuffer(width: 320, height: 240) }
        var tracker = BufferDamageTracker(bufferCount: bufferCount, width: 320, height: 240)
        let reference = try OwnedPixelBuffer(width: 320, height: 240)
        let whole = try renderer()
        var mismatches: [String] = []
        for (n, (config, presentation)) in frames.enumerated() {
            let snapshot = TestCanvas.snapshot(config, presentation)
            let u = incremental.update(to: snapshot)
            tracker.frameChanged(u.damage)
            let back = n % bufferCount
            try incremental.draw(into: buffers[back].buffer, region: tracker.regionToRepaint(buffer: back))
            tracker.bufferRepainted(back)
            // Everything drawn again from nothing.
            whole.invalidateCaches()
            try whole.render(snapshot, into: reference.buffer)
            let diff = maximumDifference(buffers[back].buffer, reference.buffer)
            if diff > 2 { mismatches.append("frame \(n): max channel difference \(diff)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    func maximumDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                if p == q { continue }
                for shift in [0, 8, 16] {
                    worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        return worst
    }

    /// Two HUDs overlapping: the lower one's spinner turns under the upper
    /// blurred bezel, then the upper one moves away.
    @Test func stackedHUDsPaintIncrementallyLikeAWhole() throws {
        var lower = config()
        lower.label.text = "Lower"
        var upper = config()
        upper.mode = .annularDeterminate
        upper.label.text = "Upper"
        upper.offset = HUDPoint(x: 30, y: 20)
        var snapshots: [HUDSnapshot] = []
        for i in 0..<6 {
            snapshots.append(HUDSnapshot(time: .zero, layers: [
                HUDLayer(id: 1, configuration: lower, presentation: .shown(spinnerPhase: Double(i) / 12)),
                HUDLayer(id: 2, configuration: upper, presentation: .shown(progress: Double(i) / 10)),
            ], nextChange: nil))
        }
        upper.offset = HUDPoint(x: 0, y: -HUDConfiguration.maxOffset)
        for i in 0..<3 {
            snapshots.append(HUDSnapshot(time: .zero, layers: [
                HUDLayer(id: 1, configuration: lower, presentation: .shown(spinnerPhase: Double(i) / 12)),
                HUDLayer(id: 2, configuration: upper, presentation: .shown(progress: 0.5)),
            ], nextChange: nil))
        }
        snapshots.append(HUDSnapshot(time: .zero, layers: [
            HUDLayer(id: 2, configuration: upper, presentation: .shown(progress: 0.5)),
        ], nextChange: nil))
        let incremental = try renderer(), whole = try renderer()
        let a = try OwnedPixelBuffer(width: 320, height: 240), b = try OwnedPixelBuffer(width: 320, height: 240)
        for (n, snapshot) in snapshots.enumerated() {
            let u = incremental.update(to: snapshot)
            try incremental.draw(into: a.buffer, region: u.damage)
            whole.invalidateCaches()
            try whole.render(snapshot, into: b.buffer)
            let diff = maximumDifference(a.buffer, b.buffer)
            #expect(diff <= 2, "frame \(n): max channel difference \(diff)")
        }
    }

    @Test func textCanWaitForPrepareText() throws {
        let r = HUDRenderer(geometry: try ScreenGeometry(pixelWidth: 320, pixelHeight: 240), textLoading: .afterPrepareText)
        let pixels = try OwnedPixelBuffer(width: 320, height: 240)
        try r.render(TestCanvas.snapshot(config()), into: pixels.buffer)
        #expect(!r.isTextReady)
        #expect(r.textFrames(id: 1).label == nil)
        let bare = try #require(r.bezelFrame(id: 1))
        #expect(bare.width == 77 && bare.height == 77)
        r.prepareText()
        #expect(r.isTextReady)
        let u = r.update(to: TestCanvas.snapshot(config()))
        let withText = try #require(r.bezelFrame(id: 1))
        #expect(r.textFrames(id: 1).label != nil)
        #expect(withText.height > bare.height)
        #expect(u.damage.bounds.contains(withText))
    }
}
