#if canImport(Glibc)
import HUDCore
import HUDSystem
import Glibc
#endif

/// Reads x/y/z scans from `/dev/iio:deviceN`: selects the trigger, enables
/// only the accel scan elements, sets `buffer/length`, `buffer/enable` = 1,
/// then waits with `poll` and unpacks the newest scan. Disables the buffer
/// when released.
public final class BufferedAccelerometer: AccelerationSource {
    public let device: AccelerometerDevice
    public let layout: IIOScanLayout
    private let support: IIOBufferSupport
    private let fd: Int32
    private var bytes: [UInt8]
    private let axisElements: [IIOScanLayout.Element]
    public let modeDescription: String

    /// Scans held by the kernel buffer (`buffer/length`).
    public static let bufferLength = 16

    public init(device: AccelerometerDevice) throws(MotionError) {
        guard let support = device.buffer else {
            throw .buffer(path: device.directory, reason: device.bufferUnavailableReason ?? "no buffered interface")
        }
        self.device = device
        self.support = support
        let enable = SysfsAttribute(support.bufferDirectory + "/enable")
        if (try? enable.readText()) == "1" {
            throw .buffer(path: enable.path, reason: "buffer already enabled by someone else")
        }
        var how = "buffered \(support.deviceNode)"
        if let file = support.currentTriggerFile, let trigger = support.triggerToSelect {
            try SysfsAttribute(file).write(trigger)
            how += " via trigger \(trigger)"
        } else if let file = support.currentTriggerFile, let t = try? SysfsAttribute(file).readText() {
            how += " via trigger \(t)"
        }
        // Only x, y, z: anything else enabled would change the layout.
        let scanDir = support.scanElementsDirectory
        for entry in try DirectoryListing.names(in: scanDir) where entry.hasSuffix("_en") {
            let wanted = AccelerometerDevice.axisNames.contains { entry == "in_accel_\($0)_en" }
            let attribute = SysfsAttribute(scanDir + "/" + entry)
            if (try? attribute.readText()) != (wanted ? "1" : "0") { try attribute.write(wanted ? "1" : "0") }
        }
        var channels: [(name: String, index: Int, type: IIOScanType)] = []
        for axis in AccelerometerDevice.axisNames {
            let base = "\(scanDir)/in_accel_\(axis)"
            let indexText = try SysfsAttribute(base + "_index").readText()
            guard let index = Int(indexText) else { throw .notANumber(path: base + "_index", text: indexText) }
            channels.append((axis, index, try IIOScanType(parsing: SysfsAttribute(base + "_type").readText())))
        }
        let layout = IIOScanLayout(channels: channels)
        self.layout = layout
        axisElements = AccelerometerDevice.axisNames.compactMap { layout.element(named: $0) }
        let length = SysfsAttribute(support.bufferDirectory + "/length")
        if length.exists { try? length.write(String(Self.bufferLength)) }
        try enable.write("1")
        fd = open(support.deviceNode, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            try? enable.write("0")
            throw .io(path: support.deviceNode, call: "open", errno: Errno(rawValue: e))
        }
        bytes = [UInt8](repeating: 0, count: max(layout.scanSize, 1) * Self.bufferLength)
        modeDescription = how + ", scan \(layout.scanSize) bytes: "
            + layout.elements.map { "\($0.name)@\($0.offset) \($0.type)" }.joined(separator: ", ")
    }

    deinit {
        close(fd)
        try? SysfsAttribute(support.bufferDirectory + "/enable").write("0")
    }

    public var isPacedByDevice: Bool { true }

    /// Waits in `poll` (device and `wakeUp`), then `read`s what is queued and
    /// unpacks the newest complete scan.
    public func read(timeoutMilliseconds: Int32, wakeUp: FileDescriptor?) throws(MotionError) -> GravityVector? {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeUp?.rawValue ?? -1, events: Int16(POLLIN), revents: 0)]
        let ready = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, wakeUp != nil ? 2 : 1, timeoutMilliseconds) }
        if ready < 0 {
            if errno == EINTR { return nil }
            throw .io(path: support.deviceNode, call: "poll", errno: .current)
        }
        if fds[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            throw .buffer(path: support.deviceNode, reason: "device went away (poll revents \(fds[0].revents))")
        }
        guard fds[0].revents & Int16(POLLIN) != 0 else { return nil }
        return try decode(count: readAvailable())
    }

    private func readAvailable() throws(MotionError) -> Int {
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EAGAIN || errno == EINTR { return 0 }
            throw .io(path: support.deviceNode, call: "read", errno: .current)
        }
        return n
    }

    private func decode(count n: Int) -> GravityVector? {
        Self.newestScan(in: bytes, count: n, scanSize: layout.scanSize, axes: axisElements).map { scan in
            device.gravity(rawX: scan.x, rawY: scan.y, rawZ: scan.z)
        }
    }

    /// The x, y, z values of the last complete scan among the first `count`
    /// bytes, nil when there is none. `axes`: the x, y, z elements of the layout.
    public static func newestScan(in bytes: [UInt8], count: Int, scanSize size: Int,
                                  axes: [IIOScanLayout.Element]) -> (x: Int64, y: Int64, z: Int64)? {
        guard size > 0, axes.count == 3, count >= size, count <= bytes.count,
              axes.allSatisfy({ $0.offset + $0.type.byteCount <= size }) else { return nil }
        let start = (count / size - 1) * size
        return bytes.withUnsafeBytes { raw in
            (axes[0].type.value(in: raw, at: start + axes[0].offset),
             axes[1].type.value(in: raw, at: start + axes[1].offset),
             axes[2].type.value(in: raw, at: start + axes[2].offset))
        }
    }
}
