@testable import HUDMotion
import Testing

@Suite struct SysfsParsingTests {
    func parse(_ s: String) -> Int64? { RawChannelFile.parseInteger(ArraySlice(Array(s.utf8))) }

    @Test func rawIntegers() {
        #expect(parse("1024\n") == 1024)
        #expect(parse("-2048\n") == -2048)
        #expect(parse(" +7 \n") == 7)
        #expect(parse("0") == 0)
    }

    @Test(arguments: ["", "\n", "-", "12a\n", "1.5\n", "0x10", "99999999999999999999", "1 2"])
    func rawGarbage(_ text: String) {
        #expect(parse(text) == nil)
    }

    @Test func garbageNamesFileAndText() throws {
        let fs = FakeSysfs()
        let path = fs.root + "/in_accel_x_raw"
        fs.write(path, "\u{1}oops\n")
        let file = try RawChannelFile(path: path)
        #expect(throws: MotionError.notANumber(path: path, text: "\u{1}oops")) { try file.read() }
        let message = MotionError.notANumber(path: path, text: "\u{1}oops").description
        #expect(message.contains(path) && message.contains("\\u{1}oops"))
    }

    @Test func samplingFrequencyRaisedToTheSmallestAvailableAtLeastTheRate() throws {
        let fs = FakeSysfs()
        let dir = DriverLayoutTests.lis3dh(fs, raw: (0, 0, 1000))
        let device = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        let raised = SamplingFrequencySetter.apply(rate: 60, to: device)
        #expect(raised.description.contains("1 → 100 Hz"))
        #expect(fs.read(dir + "/sampling_frequency") == "100")
        #expect(SamplingFrequencySetter.apply(rate: 30, to: device).description.contains("left alone"))
        #expect(fs.read(dir + "/sampling_frequency") == "100")
        #expect(SamplingFrequencySetter.apply(rate: 5000, to: device).description.contains("→ 1600 Hz"))
        // Put back as it was found, for the sensor's other users.
        #expect(raised.restore() != nil)
        #expect(fs.read(dir + "/sampling_frequency") == "1")
        // A rate already high enough is not touched, so nothing is restored.
        #expect(fs.write(dir + "/sampling_frequency", "400") == ())
        #expect(SamplingFrequencySetter.apply(rate: 30, to: device).restore() == nil)
        #expect(fs.read(dir + "/sampling_frequency") == "400")
    }

    @Test func readOnlySamplingFrequencyIsLeftAlone() throws {
        let fs = FakeSysfs()
        let dir = DriverLayoutTests.lis3dh(fs, raw: (0, 0, 1000))
        fs.chmod(dir + "/sampling_frequency", 0o444)
        let device = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(SamplingFrequencySetter.apply(rate: 30, to: device).description.contains("not writable"))
        #expect(fs.read(dir + "/sampling_frequency") == "1")
    }
}
