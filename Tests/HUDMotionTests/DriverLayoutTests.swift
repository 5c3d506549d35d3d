@testable import HUDMotion
import Testing

/// Fake trees laid out as real drivers lay them out (attribute names from the
/// drivers' channel specs and Documentation/ABI/testing/sysfs-bus-iio).
@Suite struct DriverLayoutTests {
    /// st_accel (lis3dh): per-axis scale (info_mask_separate), sampling
    /// frequency shared by all, `mount_matrix` shared by all, scan type
    /// le:s12/16>>4 — the layout the real driver showed under QEMU.
    @discardableResult
    static func lis3dh(_ fs: FakeSysfs, id: String = "iio:device0", raw: (Int, Int, Int)) -> String {
        fs.device(id, [
            "name": "lis3dh\n",
            "in_accel_x_raw": "\(raw.0)\n", "in_accel_y_raw": "\(raw.1)\n", "in_accel_z_raw": "\(raw.2)\n",
            "in_accel_x_scale": "0.009806\n", "in_accel_y_scale": "0.009806\n", "in_accel_z_scale": "0.009806\n",
            "in_accel_scale_available": "0.009806 0.019613 0.039226 0.117679\n",
            "sampling_frequency": "1\n", "sampling_frequency_available": "1 10 25 50 100 200 400 1600\n",
            "mount_matrix": "1, 0, 0; 0, 1, 0; 0, 0, 1\n",
            "scan_elements/in_accel_x_type": "le:s12/16>>4\n", "scan_elements/in_accel_x_index": "0\n",
            "scan_elements/in_accel_x_en": "0\n",
            "buffer/enable": "0\n", "buffer/length": "2\n", "trigger/current_trigger": "\n",
        ])
    }

    @Test func lis3dhPerAxisScale() throws {
        let fs = FakeSysfs()
        Self.lis3dh(fs, raw: (0, 0, 1024))
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.id == "iio:device0" && d.name == "lis3dh")
        #expect(d.axes.map(\.scaleSource) == ["in_accel_x_scale", "in_accel_y_scale", "in_accel_z_scale"])
        #expect(d.axes.allSatisfy { $0.offsetSource == nil && $0.offset == 0 })
        #expect(d.mountMatrixSource == "mount_matrix" && d.mountMatrix == .identity)
        #expect(d.selectionReason.contains("only accelerometer"))
        let g = try #require(try PolledAccelerometer(device: d).read())
        #expect(abs(g.z - 1024 * 0.009806) < 1e-9 && g.x == 0 && g.y == 0)
        // No /dev node and no trigger: polled, with the reason kept.
        #expect(d.buffer == nil && d.bufferUnavailableReason != nil)
    }

    /// bmc150-accel: scale and sampling frequency shared by type
    /// (`in_accel_scale`, `in_accel_sampling_frequency`), mount matrix
    /// shared by direction (`in_mount_matrix`), trigger "<name>-dev<N>".
    @Test func bmc150SharedScaleWithMountMatrix() throws {
        let fs = FakeSysfs()
        fs.device("iio:device1", [
            "name": "bmc150_accel\n",
            "in_accel_x_raw": "100\n", "in_accel_y_raw": "-200\n", "in_accel_z_raw": "1000\n",
            "in_accel_scale": "0.009580\n", "in_accel_sampling_frequency": "15.620000\n",
            "sampling_frequency_available": "15.620000 31.260000 62.50000 125 250 500 1000 2000\n",
            "in_mount_matrix": "0, 1, 0; -1, 0, 0; 0, 0, 1\n",
            "in_temp_raw": "20\n", "in_temp_scale": "500\n", "in_temp_offset": "46\n",
        ])
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.axes.allSatisfy { $0.scaleSource == "in_accel_scale" && $0.scale == 0.00958 })
        #expect(d.axes.allSatisfy { $0.offsetSource == nil })          // in_temp_offset is not ours
        #expect(d.mountMatrixSource == "in_mount_matrix")
        let g = try #require(try PolledAccelerometer(device: d).read())
        // M · (100, -200, 1000) × s = (-200, -100, 1000) × s
        #expect(abs(g.x - -200 * 0.00958) < 1e-9 && abs(g.y - -100 * 0.00958) < 1e-9 && abs(g.z - 1000 * 0.00958) < 1e-9)
        #expect(d.samplingFrequency?.path.hasSuffix("/in_accel_sampling_frequency") == true)
    }

    /// mma8452 on older kernels: shared scale, per-axis calibbias (applied in
    /// hardware, not by us), no mount matrix; newer kernels add
    /// `in_accel_mount_matrix` (shared by type).
    @Test func mma8452WithAndWithoutMountMatrix() throws {
        let fs = FakeSysfs()
        let files = [
            "name": "mma8452\n",
            "in_accel_x_raw": "-512\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "887\n",
            "in_accel_x_calibbias": "3\n", "in_accel_y_calibbias": "0\n", "in_accel_z_calibbias": "-2\n",
            "in_accel_scale": "0.009576\n", "in_accel_sampling_frequency": "800\n",
        ]
        fs.device("iio:device0", files)
        let old = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(old.mountMatrixSource == "none: identity" && old.mountMatrix == .identity)
        let g = try #require(try PolledAccelerometer(device: old).read())
        #expect(abs(g.x - -512 * 0.009576) < 1e-9)

        fs.write(fs.devicesDirectory + "/iio:device0/in_accel_mount_matrix", "-1, 0, 0; 0, -1, 0; 0, 0, 1\n")
        let new = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(new.mountMatrixSource == "in_accel_mount_matrix")
        let h = try #require(try PolledAccelerometer(device: new).read())
        #expect(abs(h.x - 512 * 0.009576) < 1e-9 && abs(h.z - 887 * 0.009576) < 1e-9)
    }

    /// hid-sensor-accel-3d: device name "accel_3d", offset, scale, sampling
    /// frequency and hysteresis all shared by type. IIO: (raw + offset) × scale.
    @Test func hidSensorWithOffset() throws {
        let fs = FakeSysfs()
        fs.device("iio:device0", ["name": "als\n", "in_intensity_both_raw": "300\n"])  // not an accelerometer
        fs.device("iio:device2", [
            "name": "accel_3d\n",
            "in_accel_x_raw": "-10\n", "in_accel_y_raw": "20\n", "in_accel_z_raw": "-970\n",
            "in_accel_offset": "5\n", "in_accel_scale": "0.0980665\n",
            "in_accel_sampling_frequency": "10.000000\n", "in_accel_hysteresis": "0.000000\n",
        ])
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.id == "iio:device2" && d.name == "accel_3d")
        #expect(d.axes.allSatisfy { $0.offsetSource == "in_accel_offset" && $0.offset == 5 })
        let g = try #require(try PolledAccelerometer(device: d).read())
        #expect(abs(g.x - (-10 + 5) * 0.0980665) < 1e-9)
        #expect(abs(g.y - (20 + 5) * 0.0980665) < 1e-9)
        #expect(abs(g.z - (-970 + 5) * 0.0980665) < 1e-9)
    }

    @Test func perAxisOffsetWinsOverShared() throws {
        let fs = FakeSysfs()
        fs.device("iio:device0", [
            "in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "0\n",
            "in_accel_offset": "1\n", "in_accel_z_offset": "100\n", "in_accel_scale": "2\n", "in_accel_z_scale": "0.5\n",
        ])
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.axes.map(\.offset) == [1, 1, 100])
        #expect(d.axes.map(\.scale) == [2, 2, 0.5])
        #expect(d.name == "" && d.label == "iio:device0")
    }

    @Test func missingScaleMeansOne() throws {
        let fs = FakeSysfs()
        fs.device("iio:device0", ["in_accel_x_raw": "3\n", "in_accel_y_raw": "4\n", "in_accel_z_raw": "5\n"])
        let d = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
        #expect(d.axes.allSatisfy { $0.scale == 1 && $0.scaleSource == nil })
        #expect(try PolledAccelerometer(device: d).read() == GravityVector(x: 3, y: 4, z: 5))
    }

    @Test func unparsableScaleIsAnErrorNamingTheFile() {
        let fs = FakeSysfs()
        fs.device("iio:device0", ["in_accel_x_raw": "0\n", "in_accel_y_raw": "0\n", "in_accel_z_raw": "0\n",
                                  "in_accel_scale": "fast\n"])
        do {
            _ = try AccelerometerDiscovery(sysfsRoot: fs.root).find()
            Issue.record("found")
        } catch {
            #expect(error == .notANumber(path: fs.devicesDirectory + "/iio:device0/in_accel_scale", text: "fast"))
        }
    }
}
