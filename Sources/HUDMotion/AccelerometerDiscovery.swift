/// Finds accelerometers under `<sysfsRoot>/bus/iio/devices`: devices with
/// `in_accel_{x,y,z}_raw`. The root is injectable so tests use a fake tree.
public struct AccelerometerDiscovery: Sendable {
    public var sysfsRoot: String
    /// Where `iio:deviceN` character devices live.
    public var devRoot: String
    public var log: MotionLog
    /// Replaces every device's mount matrix (theme, `--mount-matrix`).
    public var mountMatrixOverride: MountMatrix?
    /// udev's database (`E:ACCEL_LOCATION=display|base` per device).
    public var udevDataRoot: String

    public init(sysfsRoot: String = "/sys", devRoot: String = "/dev", log: MotionLog = .silent,
                mountMatrixOverride: MountMatrix? = nil, udevDataRoot: String = "/run/udev/data") {
        self.sysfsRoot = sysfsRoot
        self.devRoot = devRoot
        self.log = log
        self.mountMatrixOverride = mountMatrixOverride
        self.udevDataRoot = udevDataRoot
    }

    public var devicesDirectory: String { sysfsRoot + "/bus/iio/devices" }

    /// Picks a device. `selector`: nil (the lowest-numbered accelerometer),
    /// a path to a device directory (contains "/"), an id ("iio:device2"),
    /// or a driver name ("lis3dh").
    public func find(_ selector: String? = nil) throws(MotionError) -> AccelerometerDevice {
        if let selector, selector.contains("/") {
            guard AccelerometerDiscovery.hasAccelChannels(selector) else {
                throw .noAccelerometer(reason: "\(selector) has no in_accel_x_raw, in_accel_y_raw and in_accel_z_raw")
            }
            return try describe(directory: selector, reason: "path given with --device/override")
        }
        let found = try accelerometers()
        let summary = found.isEmpty ? "none" : found.map { $0.name.isEmpty ? $0.id : "\($0.id) \($0.name)" }.joined(separator: ", ")
        guard let selector else {
            guard let first = found.first else {
                throw .noAccelerometer(reason: "no device under \(devicesDirectory) has in_accel_{x,y,z}_raw")
            }
            if found.count == 1 {
                return try describe(directory: first.directory, reason: "the only accelerometer under \(devicesDirectory)")
            }
            // A convertible has one in the lid (the display) and one in the base:
            // the parallax follows the display's.
            let placed = found.map { (device: $0, location: location(of: $0.directory)) }
            if let display = placed.first(where: { $0.location?.place == "display" }) {
                return try describe(directory: display.device.directory,
                                    reason: "in the display (\(display.location!.source)) of \(found.count) accelerometers (\(summary))")
            }
            let notBase = placed.filter { $0.location?.place != "base" }
            if let pick = notBase.first, notBase.count < found.count {
                return try describe(directory: pick.device.directory,
                                    reason: "lowest-numbered not in the base of \(found.count) accelerometers (\(summary))")
            }
            return try describe(directory: first.directory,
                                reason: "lowest-numbered of \(found.count) accelerometers under \(devicesDirectory) (\(summary)); pick another with --device")
        }
        if let byID = found.first(where: { $0.id == selector }) {
            return try describe(directory: byID.directory, reason: "id \(selector) asked for")
        }
        if let byName = found.first(where: { $0.name == selector }) {
            let more = found.filter { $0.name == selector }.count
            let note = more > 1 ? " (first of \(more) with that name)" : ""
            return try describe(directory: byName.directory, reason: "name \"\(selector)\" asked for\(note)")
        }
        throw .noAccelerometer(reason: "no accelerometer named or numbered \"\(selector)\" under \(devicesDirectory) (found: \(summary))")
    }

    /// Accelerometer directories (id, name), lowest device number first.
    public func accelerometers() throws(MotionError) -> [(id: String, name: String, directory: String)] {
        let dir = devicesDirectory
        let names: [String]
        do { names = try DirectoryListing.names(in: dir) } catch {
            throw .noAccelerometer(reason: "cannot list \(dir): \(error)")
        }
        let devices = names.compactMap { n -> (Int, String)? in
            guard n.hasPrefix("iio:device"), let k = Int(n.dropFirst("iio:device".count)) else { return nil }
            return (k, n)
        }.sorted { $0.0 < $1.0 }
        return devices.compactMap { _, id in
            let path = dir + "/" + id
            guard AccelerometerDiscovery.hasAccelChannels(path) else { return nil }
            let name = (try? SysfsAttribute(path + "/name").readText()) ?? ""
            return (id, name, path)
        }
    }

    /// Where a device sits: the kernel's `label` attribute (`accel-display`,
    /// `accel-base`), else udev's `ACCEL_LOCATION` for its device number.
    func location(of directory: String) -> (place: String, source: String)? {
        if let label = try? SysfsAttribute(directory + "/label").readText(), label.hasPrefix("accel-") {
            return (String(label.dropFirst("accel-".count)), "label \(label)")
        }
        guard let number = try? SysfsAttribute(directory + "/dev").readText(),
              let db = try? SysfsAttribute(udevDataRoot + "/c" + number).readText() else { return nil }
        for line in db.split(separator: "\n") where line.hasPrefix("E:ACCEL_LOCATION=") {
            return (String(line.dropFirst("E:ACCEL_LOCATION=".count)), "udev ACCEL_LOCATION")
        }
        return nil
    }

    static func hasAccelChannels(_ directory: String) -> Bool {
        AccelerometerDevice.axisNames.allSatisfy { SysfsAttribute("\(directory)/in_accel_\($0)_raw").exists }
    }

    /// Reads scales, offsets, mount matrix and buffer support of one device.
    public func describe(directory: String, reason: String) throws(MotionError) -> AccelerometerDevice {
        let id = directory.split(separator: "/").last.map(String.init) ?? directory
        let name = (try? SysfsAttribute(directory + "/name").readText()) ?? ""
        var axes: [AxisCalibration] = []
        for axis in AccelerometerDevice.axisNames {
            var cal = AxisCalibration()
            for file in ["in_accel_\(axis)_scale", "in_accel_scale"] where SysfsAttribute(directory + "/" + file).exists {
                cal.scale = try SysfsAttribute(directory + "/" + file).readDouble()
                cal.scaleSource = file
                break
            }
            for file in ["in_accel_\(axis)_offset", "in_accel_offset"] where SysfsAttribute(directory + "/" + file).exists {
                cal.offset = try SysfsAttribute(directory + "/" + file).readDouble()
                cal.offsetSource = file
                break
            }
            axes.append(cal)
        }
        let (matrix, matrixSource) = try mountMatrix(in: directory)
        var frequency: SysfsAttribute?
        var available: SysfsAttribute?
        for file in ["in_accel_sampling_frequency", "sampling_frequency"] where SysfsAttribute(directory + "/" + file).exists {
            frequency = SysfsAttribute(directory + "/" + file)
            let list = SysfsAttribute(directory + "/" + file + "_available")
            available = list.exists ? list : nil
            break
        }
        let (buffer, bufferReason) = bufferSupport(directory: directory, id: id, name: name)
        return AccelerometerDevice(directory: directory, id: id, name: name, selectionReason: reason, axes: axes,
                                   mountMatrix: matrix, mountMatrixSource: matrixSource,
                                   samplingFrequency: frequency, samplingFrequencyAvailable: available,
                                   buffer: buffer, bufferUnavailableReason: bufferReason)
    }

    /// The override, else the most specific matrix attribute present.
    /// - Throws: `MotionError.badMountMatrix` naming the attribute when it
    ///   does not parse: guessing identity would move the bezel the wrong way
    ///   on that board, so the device is not used (set an override instead).
    func mountMatrix(in directory: String) throws(MotionError) -> (MountMatrix, String) {
        if let mountMatrixOverride { return (mountMatrixOverride, "override (theme motion.mountMatrix or --mount-matrix)") }
        for file in ["in_accel_mount_matrix", "in_mount_matrix", "mount_matrix"] {
            let attribute = SysfsAttribute(directory + "/" + file)
            guard attribute.exists else { continue }
            return (try MountMatrix(parsing: attribute.readText(), path: attribute.path), file)
        }
        return (.identity, "none: identity")
    }

    func bufferSupport(directory: String, id: String, name: String) -> (IIOBufferSupport?, String?) {
        guard let number = Int(id.dropFirst("iio:device".count)), id.hasPrefix("iio:device") else {
            return (nil, "\(id) is not named iio:deviceN")
        }
        let node = devRoot + "/" + id
        guard SysfsAttribute(node).exists else { return (nil, "no \(node)") }
        guard let scan = ["scan_elements", "buffer0"].map({ directory + "/" + $0 }).first(where: { dir in
            AccelerometerDevice.axisNames.allSatisfy { axis in
                ["en", "index", "type"].allSatisfy { SysfsAttribute("\(dir)/in_accel_\(axis)_\($0)").exists }
            }
        }) else { return (nil, "no scan_elements for in_accel_{x,y,z}") }
        let bufferDir = directory + "/buffer"
        guard SysfsAttribute(bufferDir + "/enable").exists else { return (nil, "no buffer/enable") }
        let triggerFile = directory + "/trigger/current_trigger"
        guard SysfsAttribute(triggerFile).exists else {
            return (IIOBufferSupport(deviceNode: node, scanElementsDirectory: scan, bufferDirectory: bufferDir,
                                     currentTriggerFile: nil, triggerToSelect: nil), nil)
        }
        if let current = try? SysfsAttribute(triggerFile).readText(), !current.isEmpty {
            return (IIOBufferSupport(deviceNode: node, scanElementsDirectory: scan, bufferDirectory: bufferDir,
                                     currentTriggerFile: triggerFile, triggerToSelect: nil), nil)
        }
        // Drivers name their own trigger "<name>-dev<N>" (bmc150, hid-sensor)
        // or "<name>-trigger" (st_sensors).
        let wanted = ["\(name)-dev\(number)", "\(name)-trigger"]
        let triggers = ((try? DirectoryListing.names(in: devicesDirectory)) ?? []).filter { $0.hasPrefix("trigger") }
        for t in triggers.sorted() {
            if let tname = try? SysfsAttribute(devicesDirectory + "/" + t + "/name").readText(), wanted.contains(tname) {
                return (IIOBufferSupport(deviceNode: node, scanElementsDirectory: scan, bufferDirectory: bufferDir,
                                         currentTriggerFile: triggerFile, triggerToSelect: tname), nil)
            }
        }
        return (nil, "no trigger set and none named \(wanted.joined(separator: " or ")) (the driver registers one only with an interrupt line)")
    }
}
