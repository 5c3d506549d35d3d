#if canImport(Glibc)
import Glibc
#endif
import HUDSystem

/// Everything that can go wrong between sysfs and a tilt value. Each message
/// names the file, the value and the errno text involved.
public enum MotionError: Error, Equatable, CustomStringConvertible {
    /// A system call failed; its error names the call ("open", "pread") and the path.
    case system(SystemError)
    /// An attribute held text that is not the number it should be.
    case notANumber(path: String, text: String)
    /// A mount matrix attribute did not hold "x, y, z; x, y, z; x, y, z".
    case badMountMatrix(path: String, text: String)
    /// A scan_elements `*_type` string did not parse.
    case badScanType(text: String, reason: String)
    /// No accelerometer matched; `reason` says what was looked at.
    case noAccelerometer(reason: String)
    /// A reading that cannot be real (NaN, |g| out of range).
    case absurdReading(x: Double, y: Double, z: Double, reason: String)
    /// An open attribute's file was removed or replaced (device unbound or reloaded).
    case vanished(path: String)
    /// The buffered interface could not be set up or read.
    case buffer(path: String, reason: String)

    public var description: String {
        switch self {
        case let .system(error):
            return "\(error)"
        case let .notANumber(path, text):
            return "\(path): expected a number, found \"\(MotionError.printable(text))\""
        case let .badMountMatrix(path, text):
            return "\(path): mount matrix \"\(MotionError.printable(text))\" is not \"x, y, z; x, y, z; x, y, z\" with finite numbers"
        case let .badScanType(text, reason):
            return "scan element type \"\(MotionError.printable(text))\": \(reason)"
        case let .noAccelerometer(reason):
            return "no accelerometer: \(reason)"
        case let .absurdReading(x, y, z, reason):
            return "absurd reading (\(x), \(y), \(z)) m/s²: \(reason)"
        case let .vanished(path):
            return "\(path) is gone or was replaced: the device went away"
        case let .buffer(path, reason):
            return "\(path): \(reason)"
        }
    }

    /// `call` on `path` failed with `errno`.
    static func io(path: String, call: String, errno: Errno) -> MotionError {
        .system(SystemError(call: call, subject: path, errno: errno))
    }

    /// Text shortened and with control characters escaped, for messages.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(60) {
            if scalar == "\n" { out += "\\n" } else if scalar.value < 0x20 || scalar.value == 0x7f {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else { out.unicodeScalars.append(scalar) }
        }
        if text.unicodeScalars.count > 60 { out += "…" }
        return out
    }
}
