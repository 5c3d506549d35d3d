#if canImport(Glibc)
import Glibc
#endif
import HUDInput
import HUDSystem
import Testing

@Suite struct DeviceDiscoveryTests {
    func temporaryDirectory() -> String {
        var template = Array("/tmp/hudinput-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    func touch(_ path: String) {
        let fd = open(path, O_CREAT | O_WRONLY, 0o644)
        if fd >= 0 { close(fd) }
    }

    func remove(_ dir: String) {
        for name in ["event0", "event1", "event2", "event3", "event10", "mice", "mouse0", "eventx", "event", "by-id"] {
            unlink(dir + "/" + name)
            rmdir(dir + "/" + name)
        }
        rmdir(dir)
    }

    @Test func onlyEventNodesCount() {
        for name in ["event0", "event7", "event123"] { #expect(DeviceNodes.isEventNode(name), "\(name)") }
        for name in ["event", "eventx", "event1a", "mice", "mouse0", "js0", "by-id", "event-1", "Event1", "event٣"] {
            #expect(!DeviceNodes.isEventNode(name), "\(name)")
        }
    }

    @Test func listingFindsEventNodesInNumericOrder() {
        let dir = temporaryDirectory()
        defer { remove(dir) }
        for name in ["event10", "event2", "mice", "mouse0", "eventx", "event0"] { touch(dir + "/" + name) }
        mkdir(dir + "/by-id", 0o755)
        #expect(DeviceNodes.list(dir) == [dir + "/event0", dir + "/event2", dir + "/event10"])
        #expect(DeviceNodes.list(dir + "/missing").isEmpty)
    }

    // Bits from linux/input-event-codes.h: EV_KEY 1, EV_REL 2, EV_ABS 3, EV_SW 5.
    @Test func devicesAreClassifiedAsUdevsInputIdWould() {
        let keyboard = EvdevCapabilities(events: [1], keys: Array(1...88))
        #expect(keyboard.udevClasses == ["ID_INPUT_KEY", "ID_INPUT_KEYBOARD"])
        let powerButton = EvdevCapabilities(events: [1], keys: [116])
        #expect(powerButton.udevClasses == ["ID_INPUT_KEY"])
        // QEMU's virtio and USB tablets: absolute X/Y with mouse buttons.
        let tablet = EvdevCapabilities(events: [1, 2, 3], keys: [0x110, 0x111, 0x112], relative: [8], absolute: [0, 1])
        #expect(tablet.udevClasses == ["ID_INPUT_MOUSE"])
        let touchscreen = EvdevCapabilities(events: [1, 3], keys: [0x14a], absolute: [0, 1, 0x2f, 0x35, 0x36], properties: [1])
        #expect(touchscreen.udevClasses == ["ID_INPUT_TOUCHSCREEN"])
        let touchpad = EvdevCapabilities(events: [1, 3], keys: [0x110, 0x145, 0x14a], absolute: [0, 1, 0x35, 0x36], properties: [0])
        #expect(touchpad.udevClasses == ["ID_INPUT_TOUCHPAD"])
        let pen = EvdevCapabilities(events: [1, 3], keys: [0x140, 0x14a], absolute: [0, 1])
        #expect(pen.udevClasses == ["ID_INPUT_TABLET"])
        let mouse = EvdevCapabilities(events: [1, 2], keys: [0x110, 0x111], relative: [0, 1, 8])
        #expect(mouse.udevClasses == ["ID_INPUT_MOUSE"])
        let lid = EvdevCapabilities(events: [5])
        #expect(lid.udevClasses == ["ID_INPUT_SWITCH"])
        // Bits for a type the device does not report count for nothing.
        #expect(EvdevCapabilities(events: [2], keys: Array(1...88)).udevClasses.isEmpty)
        #expect(EvdevCapabilities(events: [Int]()).udevClasses.isEmpty)
    }

    @Test func udevEntriesAreNamedByDeviceNumberAndWrittenWhole() throws {
        let dir = temporaryDirectory()
        defer {
            unlink(dir + "/run/udev/data/c13:64")
            for d in ["/run/udev/data", "/run/udev", "/run"] { rmdir(dir + d) }
            rmdir(dir)
        }
        let db = UdevDatabase(dataDirectory: dir + "/run/udev/data", controlSocket: dir + "/run/udev/control")
        #expect(!db.udevRunning)
        #expect(db.entryPath(major: 13, minor: 64) == dir + "/run/udev/data/c13:64")
        #expect(db.entryPath(node: "/dev/null") == dir + "/run/udev/data/c1:3")
        #expect(db.entryPath(node: dir) == nil)  // not a character device
        let text = UdevDatabase.entryText(classes: ["ID_INPUT_KEY", "ID_INPUT_KEYBOARD"], initializedMicroseconds: 42)
        #expect(text == "I:42\nE:ID_INPUT=1\nE:ID_INPUT_KEY=1\nE:ID_INPUT_KEYBOARD=1\nE:KIOSKHUD_INPUT_ID=1\n")
        try db.write(text, to: db.entryPath(major: 13, minor: 64))
        let fd = open(dir + "/run/udev/data/c13:64", O_RDONLY)
        #expect(fd >= 0)
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &buffer, buffer.count)
        close(fd)
        #expect(String(decoding: buffer[0..<max(0, n)], as: UTF8.self) == text)
    }

    @Test func aMonitorStartsWithNoDevicesAndIgnoresFilesThatAreNotDevices() async throws {
        let dir = temporaryDirectory()
        defer { remove(dir) }
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let events = Locked<[InputEvent]>([])
        let logs = Locked<[String]>([])
        var options = InputOptions()
        options.directory = dir
        options.udev = UdevDatabase(dataDirectory: dir + "/udev-data", controlSocket: dir + "/no-udev")
        let monitor = try InputMonitor(loop: loop, options: options, log: { line in logs.withLock { $0.append(line) } }) { e in
            events.withLock { $0.append(e) }
        }
        await loop.settle()
        touch(dir + "/event0")  // a regular file: not a character device, no udev entry is written
        for _ in 0..<50 where logs.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(2)) }
        await loop.settle()
        #expect(events.withLock { $0 }.isEmpty)
        #expect(access(dir + "/udev-data", F_OK) != 0)
        monitor.stop()
    }

    @Test func nodesThatCannotBeUsedAreLoggedOnceAndSkipped() async throws {
        let dir = temporaryDirectory()
        defer { remove(dir) }
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let logs = Locked<[String]>([])
        var options = InputOptions()
        options.directory = dir
        options.udev = UdevDatabase(dataDirectory: dir + "/udev-data", controlSocket: dir + "/no-udev")
        mkdir(dir + "/event1", 0o755)       // open(O_RDWR) fails: EISDIR
        symlink("/dev/null", dir + "/event3")  // a character device, but no evdev ioctls: ENOTTY
        let monitor = try InputMonitor(loop: loop, options: options, log: { line in logs.withLock { $0.append(line) } }) { _ in }
        func wait(for count: Int) async throws {
            for _ in 0..<200 where logs.withLock({ $0.count }) < count { try await Task.sleep(for: .milliseconds(5)) }
            await loop.settle()
        }
        try await wait(for: 2)
        touch(dir + "/mice")  // another change in the directory: both are looked at again, not logged again
        try await Task.sleep(for: .milliseconds(50))
        await loop.settle()
        let lines = logs.withLock { $0 }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("open (\(dir)/event1): ") && $0.hasSuffix("; skipped") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("ioctl(EVIOCGBIT) (\(dir)/event3): ") && $0.hasSuffix("; skipped") }, "\(lines)")
        #expect(access(dir + "/udev-data", F_OK) != 0)
        monitor.stop()
    }
}
