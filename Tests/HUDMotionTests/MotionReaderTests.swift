@testable import HUDMotion
import HUDCore
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real thread: readings arrive off the caller's thread and `stop` ends it.
@Suite struct MotionReaderTests {
    @Test func deliversTiltsFromItsOwnThreadAndStops() throws {
        let fs = FakeSysfs()
        DriverLayoutTests.lis3dh(fs, raw: (-500, 0, 866))
        var settings = MotionSettings()
        settings.sysfsRoot = fs.root
        settings.devRoot = fs.root + "/dev"
        settings.rate = 200
        let latest = Mutex<HUDTilt?>(nil)
        let callerThread = pthread_self()
        let offThread = Atomic<Bool>(true)
        let reader = try MotionReader(settings: settings, log: .silent) { tilt in
            if pthread_equal(pthread_self(), callerThread) != 0 { offThread.store(false, ordering: .relaxed) }
            latest.withLock { $0 = tilt }
        }
        try reader.start()
        // Wait (bounded) for the eased offset to reach its target.
        var waited = 0
        while waited < 1000, latest.withLock({ $0.map { ParallaxPixelOffset(tilt: $0, amplitude: 10, scale: 1) } }) != ParallaxPixelOffset(x: 5, y: 0) {
            usleep(10_000)
            waited += 1
        }
        reader.stop(wait: true)
        let final = latest.withLock { $0 }
        #expect(final.map { ParallaxPixelOffset(tilt: $0, amplitude: 10, scale: 1) } == ParallaxPixelOffset(x: 5, y: 0))
        let wasOffThread = offThread.load(ordering: .relaxed)
        #expect(wasOffThread)
        let count = reader.readings
        #expect(count > 0)
        usleep(50_000)
        #expect(reader.readings == count)        // stopped means stopped
    }
}
