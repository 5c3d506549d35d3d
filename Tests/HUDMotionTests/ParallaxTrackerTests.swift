@testable import HUDMotion
import HUDCore
import Testing

@Suite struct ParallaxTrackerTests {
    let g = 9.80665
    func at(_ ms: Int) -> HUDInstant { HUDInstant(nanoseconds: Int64(ms) * 1_000_000) }
    func tilted(_ sinX: Double) -> GravityVector { GravityVector(x: -sinX * g, y: 0, z: (1 - sinX * sinX).squareRoot() * g) }

    @Test func easesTowardTheTiltAndReportsOnlyPixelChanges() {
        var tracker = ParallaxTracker()          // amplitude 10, scale 1, 150 ms
        #expect(tracker.take(tilted(0.5), at: at(0)) == nil)   // starts the clock
        var reported: [ParallaxPixelOffset] = []
        for k in 1...60 {
            if let t = tracker.take(tilted(0.5), at: at(k * 33)) {
                reported.append(ParallaxPixelOffset(tilt: t, amplitude: 10, scale: 1))
            }
        }
        #expect(reported.last == ParallaxPixelOffset(x: 5, y: 0))
        #expect(tracker.pixels == ParallaxPixelOffset(x: 5, y: 0))
        // Each report is a different pixel offset, moving one way.
        #expect(Set(reported).count == reported.count)
        #expect(reported.map(\.x) == reported.map(\.x).sorted())
        #expect(reported.count >= 3)           // eased, not a jump
    }

    @Test func deviceLyingStillDoesNotJitter() {
        var tracker = ParallaxTracker()
        _ = tracker.take(tilted(0.05), at: at(0))
        for k in 1...30 { _ = tracker.take(tilted(0.05), at: at(k * 33)) }
        // Sensor noise of ±0.01 g around the pose, for 10 s at 30 Hz.
        var changes = 0
        for k in 31...330 {
            let noise = (k % 2 == 0 ? 0.01 : -0.01)
            if tracker.take(tilted(0.05 + noise), at: at(k * 33)) != nil { changes += 1 }
        }
        #expect(changes == 0)
    }

    @Test func biggerOutputScaleReportsMoreSteps() {
        var one = ParallaxTracker()
        var settings = ParallaxTracker.Settings()
        settings.outputScale = 3
        var three = ParallaxTracker(settings: settings)
        var n1 = 0, n3 = 0
        _ = one.take(tilted(0.8), at: at(0)); _ = three.take(tilted(0.8), at: at(0))
        for k in 1...60 {
            if one.take(tilted(0.8), at: at(k * 33)) != nil { n1 += 1 }
            if three.take(tilted(0.8), at: at(k * 33)) != nil { n3 += 1 }
        }
        #expect(one.pixels == ParallaxPixelOffset(x: 8, y: 0))
        #expect(three.pixels == ParallaxPixelOffset(x: 24, y: 0))
        #expect(n3 > n1)
    }

    @Test func recentreEasesBackToExactlyLevel() {
        var tracker = ParallaxTracker()
        _ = tracker.take(tilted(1), at: at(0))
        for k in 1...60 { _ = tracker.take(tilted(1), at: at(k * 33)) }
        #expect(tracker.pixels.x == 10)
        var path: [Int] = []
        var k = 61
        while !tracker.isCentred, k < 400 {
            if let t = tracker.recentre(at: at(k * 33)) { path.append(ParallaxPixelOffset(tilt: t, amplitude: 10, scale: 1).x) }
            k += 1
        }
        #expect(tracker.isCentred && tracker.current == .level)
        #expect(path.last == 0)
        #expect(path.count >= 3 && path.first! < 10 && path.first! > 0)   // glided, not snapped
    }

    @Test func reportedTiltIsTheWholePixelOffset() throws {
        var settings = ParallaxTracker.Settings()
        settings.outputScale = 1.5
        var tracker = ParallaxTracker(settings: settings)
        _ = tracker.take(tilted(0.31), at: at(0))
        var last: HUDTilt?
        for k in 1...90 { if let t = tracker.take(tilted(0.31), at: at(k * 33)) { last = t } }
        let t = try #require(last)
        // 0.31 × 10 × 1.5 = 4.65 → 5 px; the tilt says exactly 5 px.
        #expect(tracker.pixels == ParallaxPixelOffset(x: 5, y: 0))
        #expect(t.x * 10 * 1.5 == 5 && t.y == 0)
        #expect(abs(tracker.current.x - 0.31) < 0.02)
    }

    /// Gravity for a panel standing upright, its bottom edge down, leaning `lean` (sine) forward.
    func upright(_ lean: Double) -> GravityVector {
        GravityVector(x: 0, y: (1 - lean * lean).squareRoot() * g, z: lean * g)
    }

    @Test func uprightKioskSitsAtFullTiltWithAFlatNeutral() {
        var tracker = ParallaxTracker()
        for k in 0...60 { _ = tracker.take(upright(0), at: at(k * 33)) }
        #expect(tracker.pixels == ParallaxPixelOffset(x: 0, y: 10))
    }

    @Test func startNeutralCentresTheFirstPoseAndFollowsTiltFromIt() {
        var settings = ParallaxTracker.Settings()
        settings.neutral = .start
        var tracker = ParallaxTracker(settings: settings)
        for k in 0...60 { _ = tracker.take(upright(0), at: at(k * 33)) }
        #expect(tracker.pixels == ParallaxPixelOffset(x: 0, y: 0))
        // Its right edge lowered by 30°: the bezel slides right, as on a flat device.
        let s = 0.5, c = (1 - s * s).squareRoot()
        for k in 61...120 { _ = tracker.take(GravityVector(x: -s * g, y: c * g, z: 0), at: at(k * 33)) }
        #expect(tracker.pixels.x == 5)
    }
}
