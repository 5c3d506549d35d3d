#if canImport(Glibc)
import Glibc
#endif

/// An `in_accel_<axis>_raw` attribute kept open, re-read with `pread` at
/// offset 0 (sysfs regenerates the value on each read). No allocation per read.
final class RawChannelFile {
    let path: String
    private let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 64)

    init(path: String) throws(MotionError) {
        self.path = path
        fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw .io(path: path, call: "open", errno: .current) }
    }

    deinit { close(fd) }

    /// Whether `path` still names the file that is open (`fstat` vs `stat`):
    /// false once the device went away or was replaced.
    func isStillThere() -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_ino == named.st_ino && open.st_dev == named.st_dev
    }

    /// The integer the driver printed (`pread`); EIO etc. and non-integer
    /// text are errors.
    func read() throws(MotionError) -> Int64 {
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw .io(path: path, call: "pread", errno: .current) }
        if let v = RawChannelFile.parseInteger(buffer[0..<n]) { return v }
        throw .notANumber(path: path, text: SysfsAttribute.trimmed(buffer[0..<n]))
    }

    /// A decimal integer with optional sign, surrounded by optional
    /// whitespace; nil for anything else or on overflow.
    static func parseInteger(_ bytes: ArraySlice<UInt8>) -> Int64? {
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end, SysfsAttribute.isSpace(bytes[i]) { i += 1 }
        var negative = false
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-"); i += 1
        }
        var value: Int64 = 0
        var digits = 0
        while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(bytes[i] - 0x30))
            if o1 || o2 { return nil }
            value = a; digits += 1; i += 1
        }
        while i < end, SysfsAttribute.isSpace(bytes[i]) || bytes[i] == 0 { i += 1 }
        guard digits > 0, i == end else { return nil }
        return negative ? -value : value
    }
}
