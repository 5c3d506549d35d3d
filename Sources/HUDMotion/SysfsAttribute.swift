#if canImport(Glibc)
import HUDSystem
import Glibc
#endif

/// One sysfs attribute file, read and written whole with `open`/`pread`/`write`.
public struct SysfsAttribute: Sendable, Hashable {
    public let path: String

    public init(_ path: String) { self.path = path }

    /// Whether the file exists (`access(F_OK)`).
    public var exists: Bool { access(path, F_OK) == 0 }

    /// Whether the file's mode has an owner write bit (`stat`); sysfs marks
    /// read-only attributes 0444 even for root.
    public var isWritable: Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        return st.st_mode & S_IWUSR != 0 && access(path, W_OK) == 0
    }

    /// The file's text with surrounding whitespace removed.
    public func readText() throws(MotionError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, call: "open", errno: .current) }
        defer { close(fd) }
        return try SysfsAttribute.readText(fd: fd, path: path)
    }

    /// A finite number from the file (`Double` syntax: "0.009806", "-3", "1e-3").
    public func readDouble() throws(MotionError) -> Double {
        let text = try readText()
        guard let v = Double(text), v.isFinite else { throw .notANumber(path: path, text: text) }
        return v
    }

    /// Writes `text` (sysfs takes one `write`).
    public func write(_ text: String) throws(MotionError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, call: "open", errno: .current) }
        defer { close(fd) }
        var bytes = Array(text.utf8)
        let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n < 0 { throw .io(path: path, call: "write", errno: .current) }
        if n != bytes.count { throw .io(path: path, call: "write", errno: Errno(rawValue: EIO)) }
        bytes.removeAll()
    }

    /// Reads up to 4 KiB from offset 0 of an open attribute (`pread`), trimmed.
    static func readText(fd: Int32, path: String) throws(MotionError) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw .io(path: path, call: "pread", errno: .current) }
        return trimmed(buffer[0..<n])
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let b = slice.first, isSpace(b) { slice.removeFirst() }
        while let b = slice.last, isSpace(b) || b == 0 { slice.removeLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0a || b == 0x09 || b == 0x0d }
}
