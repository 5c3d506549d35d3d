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

    /// A read that blocks (a FIFO nobody writes: like a driver taking
    /// seconds under QEMU) holds only the reader thread; the event loop keeps
    /// firing timers meanwhile.
    @Test func aBlockedReadDoesNotStallTheEventLoop() throws {
        let fs = FakeSysfs()
        let dir = DriverLayoutTests.lis3dh(fs, raw: (-500, 0, 866))
        let raw = dir + "/in_accel_x_raw"
        fs.remove(raw)
        #expect(mkfifo(raw, 0o644) == 0)
        let loop = try EventLoop()
        var settings = MotionSettings()
        settings.sysfsRoot = fs.root
        settings.devRoot = fs.root + "/dev"
        let tilts = Atomic<Int>(0)
        let reader = try MotionReader(settings: settings, log: .silent) { _ in
            loop.execute { tilts.add(1, ordering: .relaxed) }
        }
        try reader.start()
        let fired = Atomic<Int>(0)
        for k in 1...5 { _ = loop.schedule(after: .milliseconds(10 * k)) { fired.add(1, ordering: .relaxed) } }
        var waited = 0
        while fired.load(ordering: .relaxed) < 5, waited < 500 { usleep(10_000); waited += 1 }
        let timersFired = fired.load(ordering: .relaxed)
        #expect(timersFired == 5)
        #expect(reader.readings == 0)                 // still stuck opening the FIFO

        // Unblock: a regular file takes the FIFO's name, then the FIFO gets a writer.
        fs.write(dir + "/x.tmp", "-500\n")
        let writer = open(raw, O_WRONLY | O_NONBLOCK)
        #expect(rename(dir + "/x.tmp", raw) == 0)
        if writer >= 0 { close(writer) }
        waited = 0
        while tilts.load(ordering: .relaxed) == 0, waited < 1000 { usleep(10_000); waited += 1 }
        let delivered = tilts.load(ordering: .relaxed)
        #expect(delivered > 0)
        reader.stop(wait: true)
        loop.shutdown()
    }
}

