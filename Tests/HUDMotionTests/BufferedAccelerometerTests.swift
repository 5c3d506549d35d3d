@testable import HUDMotion
import HUDCore
import Testing

/// The buffered path on a fake tree: the "character device" is a regular
/// file holding packed scans (poll says readable; read returns them).
@Suite struct BufferedAccelerometerTests {
    func bmc150(_ fs: FakeSysfs, scans: [UInt8]) -> String {
        let dir = fs.device("iio:device0", [
            "name": "bmc150_accel\n",
            "in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "0\n",
            "in_accel_scale": "0.009580\n", "in_mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1\n",
            "scan_elements/in_accel_x_en": "0\n", "scan_elements/in_accel_x_index": "0\n", "scan_elements/in_accel_x_type": "le:s12/16>>4\n",
            "scan_elements/in_accel_y_en": "0\n", "scan_elements/in_accel_y_index": "1\n", "scan_elements/in_accel_y_type": "le:s12/16>>4\n",
            "scan_elements/in_accel_z_en": "0\n", "scan_elements/in_accel_z_index": "2\n", "scan_elements/in_accel_z_type": "le:s12/16>>4\n",
            "scan_elements/in_timestamp_en": "1\n", "scan_elements/in_timestamp_index": "3\n", "scan_elements/in_timestamp_type": "le:s64/64>>0\n",
            "buffer/enable": "0\n", "buffer/length": "2\n", "trigger/current_trigger": "\n",
        ])
        fs.device("trigger0", ["name": "bmc150_accel-any-motion-dev0\n"])
        fs.device("trigger1", ["name": "bmc150_accel-dev0\n"])
        fs.write(fs.root + "/dev/iio:device0", bytes: scans)
        return dir
    }

    /// x, y, z as 12-bit left-justified little-endian words.
    func scan(_ x: Int16, _ y: Int16, _ z: Int16) -> [UInt8] {
        [x, y, z].flatMap { v -> [UInt8] in
            let word = UInt16(bitPattern: v << 4)
            return [UInt8(word & 0xff), UInt8(word >> 8)]
        }
    }

    @Test func setsUpTriggerScanElementsAndReadsTheNewestScan() throws {
        let fs = FakeSysfs()
        let dir = bmc150(fs, scans: scan(1, 2, 3) + scan(-4, 5, 1000))
        let device = try AccelerometerDiscovery(sysfsRoot: fs.root, devRoot: fs.root + "/dev").find()
        var source: BufferedAccelerometer? = try BufferedAccelerometer(device: device)
        #expect(fs.read(dir + "/trigger/current_trigger") == "bmc150_accel-dev0")
        #expect(fs.read(dir + "/scan_elements/in_accel_x_en") == "1")
        #expect(fs.read(dir + "/scan_elements/in_accel_z_en") == "1")
        #expect(fs.read(dir + "/scan_elements/in_timestamp_en") == "0")
        #expect(fs.read(dir + "/buffer/length") == "16")
        #expect(fs.read(dir + "/buffer/enable") == "1")
        #expect(source?.layout.scanSize == 6)
        #expect(source?.modeDescription.contains("via trigger bmc150_accel-dev0") == true)
        let g = try #require(try source?.read(timeoutMilliseconds: 100, wakeUp: nil))
        #expect(abs(g.x - -4 * 0.00958) < 1e-9 && abs(g.y - 5 * 0.00958) < 1e-9 && abs(g.z - 1000 * 0.00958) < 1e-9)
        // End of the data: nothing new.
        #expect(try source?.read(timeoutMilliseconds: 10, wakeUp: nil) == nil)
        source = nil
        #expect(fs.read(dir + "/buffer/enable") == "0")
    }

    @Test func aBufferSomeoneElseEnabledIsLeftAlone() throws {
        let fs = FakeSysfs()
        let dir = bmc150(fs, scans: scan(0, 0, 1000))
        fs.write(dir + "/buffer/enable", "1\n")
        fs.write(dir + "/in_accel_z_raw", "1000\n")
        let device = try AccelerometerDiscovery(sysfsRoot: fs.root, devRoot: fs.root + "/dev").find()
        #expect(throws: MotionError.self) { try BufferedAccelerometer(device: device) }
        #expect(fs.read(dir + "/buffer/enable") == "1")
        // The reader falls back to polling sysfs and says why once.
        let logs = LogCollector()
        var s = MotionSettings()
        s.sysfsRoot = fs.root
        s.devRoot = fs.root + "/dev"
        let loop = MotionReaderLoop(settings: s, log: logs.log)
        _ = loop.turn(at: .zero)
        #expect(loop.source is PolledAccelerometer)
        #expect(loop.readings == 1)
        #expect(logs.count(containing: "already enabled") == 1)
    }

    @Test func aSilentBufferFallsBackToPolling() throws {
        let fs = FakeSysfs()
        let dir = bmc150(fs, scans: scan(0, 0, 1000))
        fs.write(dir + "/in_accel_x_raw", "-500\n")
        fs.write(dir + "/in_accel_z_raw", "866\n")
        let logs = LogCollector()
        var s = MotionSettings()
        s.sysfsRoot = fs.root
        s.devRoot = fs.root + "/dev"
        let loop = MotionReaderLoop(settings: s, log: logs.log)
        func at(_ ms: Int64) -> HUDInstant { HUDInstant(nanoseconds: ms * 1_000_000) }
        _ = loop.turn(at: at(0))
        #expect(loop.source is BufferedAccelerometer && loop.readings == 1)
        _ = loop.turn(at: at(1000))                     // no new scan: waits
        #expect(loop.source is BufferedAccelerometer)
        _ = loop.turn(at: at(2500))                     // silent too long
        #expect(loop.source == nil)
        #expect(fs.read(dir + "/buffer/enable") == "0")
        #expect(logs.count(containing: "no data from the buffer") == 1)
        var t: Int64 = 2533
        while t < 6000 { _ = loop.turn(at: at(t)); t += 33 }
        #expect(loop.source is PolledAccelerometer)
        #expect(loop.tracker.pixels.x > 0)                 // the polled tilt (right edge down) arrives
        #expect(logs.count(containing: "reads again") == 1)
    }
}
