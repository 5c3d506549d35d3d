@testable import HUDMotion
import HUDCore
import Testing

/// The reader's fault handling, driven turn by turn on explicit instants.
@Suite struct MotionReaderLoopTests {
    func at(_ ms: Int) -> HUDInstant { HUDInstant(nanoseconds: Int64(ms) * 1_000_000) }

    func settings(_ fs: FakeSysfs) -> MotionSettings {
        var s = MotionSettings()
        s.sysfsRoot = fs.root
        s.devRoot = fs.root + "/dev"
        return s
    }

    /// Runs turns every 33 ms from `start` for `count` turns; returns the
    /// last pixel offset reported and the time after.
    @discardableResult
    func run(_ loop: MotionReaderLoop, from start: Int, turns count: Int) -> (ParallaxPixelOffset?, Int) {
        var last: ParallaxPixelOffset?
        var t = start
        for _ in 0..<count {
            if let tilt = loop.turn(at: at(t)).tilt { last = ParallaxPixelOffset(tilt: tilt, amplitude: 10, scale: 1) }
            t += 33
        }
        return (last, t)
    }

    @Test func noAccelerometerIsSaidOnceAndParallaxStaysOff() {
        let fs = FakeSysfs()
        fs.device("iio:device0", ["name": "als\n", "in_illuminance_raw": "1\n"])
        let logs = LogCollector()
        let loop = MotionReaderLoop(settings: settings(fs), log: logs.log)
        let (last, _) = run(loop, from: 0, turns: 2000)      // 66 s: several retries
        #expect(last == nil && loop.tracker.isCentred)
        #expect(logs.all.count == 1)
        #expect(logs.count(containing: "parallax off") == 1)
    }

    @Test func garbageKeepsLastOffsetEasesToCentreSaysOnceAndRecovers() {
        let fs = FakeSysfs()
        let dir = DriverLayoutTests.lis3dh(fs, raw: (-500, 0, 866))   // right edge 30° down
        let logs = LogCollector()
        let loop = MotionReaderLoop(settings: settings(fs), log: logs.log)
        var (last, t) = run(loop, from: 0, turns: 60)
        #expect(last == ParallaxPixelOffset(x: 5, y: 0))
        #expect(logs.count(containing: "lis3dh") == 1 && logs.all.count == 1)
        #expect(fs.read(dir + "/sampling_frequency") == "50")        // raised from 1 Hz for 30 Hz polls

        fs.write(dir + "/in_accel_x_raw", "garbage\n")
        let first = loop.turn(at: at(t)).tilt                     // fault: starts easing, not a jump
        t += 33
        #expect(first.map { ParallaxPixelOffset(tilt: $0, amplitude: 10, scale: 1).x } ?? 5 >= 4)
        (last, t) = run(loop, from: t, turns: 600)                 // 20 s of retries
        #expect(last == .zero && loop.tracker.isCentred)
        #expect(logs.count(containing: "garbage") == 1)            // said once despite retries
        #expect(logs.count(containing: "eases back to centre") == 1)

        fs.write(dir + "/in_accel_x_raw", "500\n")                 // left edge down now
        (last, t) = run(loop, from: t, turns: 1000)                // backoff ≤ 30 s
        #expect(last == ParallaxPixelOffset(x: -5, y: 0))
        #expect(logs.count(containing: "reads again") == 1)
    }

    @Test func absurdValuesAreFaults() {
        let fs = FakeSysfs()
        let dir = DriverLayoutTests.lis3dh(fs, raw: (0, 0, 1000))
        let logs = LogCollector()
        let loop = MotionReaderLoop(settings: settings(fs), log: logs.log)
        run(loop, from: 0, turns: 10)
        fs.write(dir + "/in_accel_z_raw", "9000\n")                // 88 m/s²
        run(loop, from: 330, turns: 100)
        #expect(logs.count(containing: "absurd reading") == 1)
        #expect(logs.all.count == 2)                               // "using …" and the fault
        #expect(loop.tracker.isCentred)
    }

    @Test func vanishedDeviceIsRetriedWithBackoffAndFoundAgain() {
        let fs = FakeSysfs()
        DriverLayoutTests.lis3dh(fs, raw: (0, 500, 866))          // bottom edge down
        let logs = LogCollector()
        let loop = MotionReaderLoop(settings: settings(fs), log: logs.log)
        var (last, t) = run(loop, from: 0, turns: 60)
        #expect(last == ParallaxPixelOffset(x: 0, y: 5))
        fs.remove(fs.devicesDirectory + "/iio:device0")
        (last, t) = run(loop, from: t, turns: 300)
        #expect(last == .zero)
        #expect(logs.count(containing: "eases back to centre") == 1)
        #expect(logs.count(containing: "the device went away") == 1)
        // It comes back renumbered (e.g. the driver was reloaded).
        DriverLayoutTests.lis3dh(fs, id: "iio:device1", raw: (0, 500, 866))
        (last, _) = run(loop, from: t, turns: 1000)
        #expect(last == ParallaxPixelOffset(x: 0, y: 5))
        #expect(logs.count(containing: "reads again") == 1)
    }

    @Test func readErrorFromTheDriverIsAFault() {
        let fs = FakeSysfs()
        let dir = DriverLayoutTests.lis3dh(fs, raw: (0, 0, 1000))
        // pread on a directory fails (EISDIR) the way a driver's read can (EIO).
        fs.remove(dir + "/in_accel_y_raw")
        fs.mkdirs(dir + "/in_accel_y_raw")
        let logs = LogCollector()
        let loop = MotionReaderLoop(settings: settings(fs), log: logs.log)
        let (last, _) = run(loop, from: 0, turns: 200)
        #expect(last == nil && loop.tracker.isCentred)
        #expect(logs.count(containing: "pread (\(dir)/in_accel_y_raw): Is a directory") == 1)
        #expect(logs.count(containing: "eases back to centre") == 1)
    }

    @Test func retriesBackOff() {
        var b = RetryBackoff(initial: .seconds(1), maximum: .seconds(5))
        #expect([b.take(), b.take(), b.take(), b.take(), b.take()] == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        b.reset()
        #expect(b.take() == .seconds(1))
    }
}
