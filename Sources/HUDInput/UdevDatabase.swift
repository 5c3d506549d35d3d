#if canImport(Glibc)
import Glibc
#endif
import HUDSystem

/// udev's device database (`/run/udev/data/c<major>:<minor>`), which
/// libinput reads through libudev: a device without an entry counts as not
/// initialised (libinput's path backend then sleeps up to 0.5 s waiting)
/// and one without `ID_INPUT*` properties is refused. While udevd runs
/// (`/run/udev/control` exists) its entries are waited for; where it does
/// not (an initramfs without udev), the entry is written here, with the
/// classes udev's input_id would give, and marked `KIOSKHUD_INPUT_ID=1`;
/// a udevd started later replaces it.
public struct UdevDatabase: Sendable, Equatable {
    public var dataDirectory: String
    public var controlSocket: String

    public init(dataDirectory: String = "/run/udev/data", controlSocket: String = "/run/udev/control") {
        self.dataDirectory = dataDirectory
        self.controlSocket = controlSocket
    }

    /// Whether udevd is running (`access(/run/udev/control)`, as libudev asks).
    public var udevRunning: Bool { access(controlSocket, F_OK) == 0 }

    /// The entry's path for a character device number.
    public func entryPath(major: UInt32, minor: UInt32) -> String {
        dataDirectory + "/c\(major):\(minor)"
    }

    /// The entry for a device node (`stat`'s `st_rdev`), or nil when it is
    /// not a character device.
    public func entryPath(node: String) -> String? {
        var st = stat()
        guard stat(node, &st) == 0, st.st_mode & S_IFMT == S_IFCHR else { return nil }
        let dev = UInt64(st.st_rdev)
        let major = UInt32(((dev >> 8) & 0xfff) | ((dev >> 32) & ~UInt64(0xfff)))
        let minor = UInt32((dev & 0xff) | ((dev >> 12) & ~UInt64(0xff)))
        return entryPath(major: major, minor: minor)
    }

    /// The text of an entry with these `ID_INPUT_*` classes.
    public static func entryText(classes: [String], initializedMicroseconds: UInt64) -> String {
        (["I:\(initializedMicroseconds)", "E:ID_INPUT=1"] + classes.map { "E:\($0)=1" } + ["E:KIOSKHUD_INPUT_ID=1"])
            .joined(separator: "\n") + "\n"
    }

    /// Writes an entry (a temporary file renamed over it, as udevd does),
    /// creating the directory.
    /// - Throws: `SystemError` naming `mkdir`, `open`, `write` or `rename` and the path.
    public func write(_ text: String, to path: String) throws(SystemError) {
        var partial = ""
        for part in dataDirectory.split(separator: "/") {
            partial += "/" + part
            if mkdir(partial, 0o755) != 0, errno != EEXIST {
                throw SystemError(call: "mkdir", subject: partial, errno: .current)
            }
        }
        let temporary = path + ".kioskhud"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(call: "open", subject: temporary, errno: .current) }
        let bytes = Array(text.utf8)
        let n = Errno.retryingOnInterrupt { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) } }
        let writeErrno = Errno.current
        close(fd)
        guard n == bytes.count else {
            unlink(temporary)
            throw SystemError(call: "write", subject: temporary, errno: n < 0 ? writeErrno : nil)
        }
        guard rename(temporary, path) == 0 else {
            let e = Errno.current
            unlink(temporary)
            throw SystemError(call: "rename", subject: path, errno: e)
        }
    }
}
