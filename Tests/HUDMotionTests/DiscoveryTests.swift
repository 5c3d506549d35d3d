@testable import HUDMotion
import Testing

@Suite struct DiscoveryTests {
    func twoDevices() -> FakeSysfs {
        let fs = FakeSysfs()
        DriverLayoutTests.lis3dh(fs, id: "iio:device3", raw: (0, 0, 1000))
        fs.device("iio:device1", ["name": "bmc150_accel\n", "in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n",
                                  "in_accel_z_raw": "1000\n", "in_accel_scale": "0.00958\n"])
        fs.device("iio:device0", ["name": "lis3mdl\n", "in_magn_x_raw": "1\n"])
        fs.device("iio:device10", ["name": "lis3dh\n", "in_accel_x_raw": "1\n", "in_accel_y_raw": "1\n"])  // no z
        fs.device("trigger0", ["name": "bmc150_accel-dev1\n"])
        return fs
    }

    @Test func picksLowestNumberedAccelerometerAndSaysWhy() throws {
        let fs = twoDevices()
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.id == "iio:device1")
        #expect(d.selectionReason.contains("lowest-numbered of 2"))
        #expect(d.selectionReason.contains("iio:device3 lis3dh"))
    }

    @Test func picksByNameIdOrPath() throws {
        let fs = twoDevices()
        let discovery = AccelerometerDiscovery(sysfsRoot: fs.root)
        #expect(try discovery.find("lis3dh").id == "iio:device3")
        #expect(try discovery.find("iio:device3").name == "lis3dh")
        let path = fs.devicesDirectory + "/iio:device1"
        let byPath = try discovery.find(path)
        #expect(byPath.name == "bmc150_accel" && byPath.selectionReason.contains("path"))
    }

    @Test func unknownNameListsWhatWasFound() {
        let fs = twoDevices()
        do {
            _ = try AccelerometerDiscovery(sysfsRoot: fs.root).find("bma250")
            Issue.record("found")
        } catch {
            #expect(error.description.contains("\"bma250\""))
            #expect(error.description.contains("iio:device1 bmc150_accel, iio:device3 lis3dh"))
        }
    }

    @Test func noAccelerometer() {
        let fs = FakeSysfs()
        fs.device("iio:device0", ["name": "als\n", "in_illuminance_raw": "4\n"])
        #expect(throws: MotionError.self) { try AccelerometerDiscovery(sysfsRoot: fs.root).find() }
        let empty = FakeSysfs()
        do {
            _ = try AccelerometerDiscovery(sysfsRoot: empty.root).find()
            Issue.record("found")
        } catch {
            guard case .noAccelerometer = error else { Issue.record("wrong error \(error)"); return }
        }
    }

    @Test func badMountMatrixIsAnErrorNamingTheAttributeUnlessOverridden() throws {
        let fs = FakeSysfs()
        DriverLayoutTests.lis3dh(fs, raw: (0, 0, 1000))
        let path = fs.devicesDirectory + "/iio:device0/mount_matrix"
        fs.write(path, "1, 0, 0; 0, 1\n")
        do {
            _ = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
            Issue.record("a device with an unreadable mount matrix was used")
        } catch {
            #expect(error == .badMountMatrix(path: path, text: "1, 0, 0; 0, 1"))
        }
        // A board's fix-up (theme motion.mountMatrix, --mount-matrix) wins.
        let flipped = try MountMatrix(parsing: "-1, 0, 0; 0, 1, 0; 0, 0, 1", path: "override")
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root, mountMatrixOverride: flipped).find()
        #expect(d.mountMatrix == flipped)
        #expect(d.mountMatrixSource.hasPrefix("override"))
    }

    @Test func aConvertiblesDisplayAccelerometerIsPicked() throws {
        let fs = FakeSysfs()
        DriverLayoutTests.lis3dh(fs, raw: (0, 0, 1000))
        let lid = fs.device("iio:device1", ["name": "bmc150_accel\n", "in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n",
                                            "in_accel_z_raw": "0\n", "label": "accel-display\n"])
        fs.write(fs.devicesDirectory + "/iio:device0/label", "accel-base\n")
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.directory == lid)
        #expect(d.selectionReason.contains("in the display (label accel-display)"))
        // Without labels, udev's ACCEL_LOCATION says the same.
        let udev = FakeSysfs()
        DriverLayoutTests.lis3dh(udev, raw: (0, 0, 1000))
        let other = udev.device("iio:device1", ["in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "0\n", "dev": "240:1\n"])
        udev.write(udev.devicesDirectory + "/iio:device0/dev", "240:0\n")
        udev.write(udev.root + "/udev/c240:0", "E:ACCEL_LOCATION=base\n")
        udev.write(udev.root + "/udev/c240:1", "E:ID_PATH=x\nE:ACCEL_LOCATION=display\n")
        let u = try AccelerometerDiscovery(sysfsRoot: udev.root, udevDataRoot: udev.root + "/udev").find()
        #expect(u.directory == other)
        #expect(u.selectionReason.contains("udev ACCEL_LOCATION"))
    }

    @Test func findsTheDriversOwnTrigger() throws {
        let fs = twoDevices()
        fs.write(fs.root + "/dev/iio:device1", "")
        fs.device("iio:device1", [
            "scan_elements/in_accel_x_en": "0", "scan_elements/in_accel_x_index": "0", "scan_elements/in_accel_x_type": "le:s12/16>>4",
            "scan_elements/in_accel_y_en": "0", "scan_elements/in_accel_y_index": "1", "scan_elements/in_accel_y_type": "le:s12/16>>4",
            "scan_elements/in_accel_z_en": "0", "scan_elements/in_accel_z_index": "2", "scan_elements/in_accel_z_type": "le:s12/16>>4",
            "buffer/enable": "0", "buffer/length": "2", "trigger/current_trigger": "",
        ])
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root, devRoot: fs.root + "/dev").find("bmc150_accel")
        let b = try #require(d.buffer)
        #expect(b.triggerToSelect == "bmc150_accel-dev1")
        #expect(b.deviceNode == fs.root + "/dev/iio:device1")
        // lis3dh has scan elements but no trigger of its own (no IRQ).
        let lis = try AccelerometerDiscovery(sysfsRoot: fs.root, devRoot: fs.root + "/dev").find("lis3dh")
        #expect(lis.buffer == nil)
    }
}
