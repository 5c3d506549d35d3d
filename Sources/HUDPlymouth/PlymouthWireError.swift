/// Why bytes from a Plymouth client are not a request the daemon carries
/// out, and what it answers (`reply`). Descriptions name the bad input.
public enum PlymouthWireError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A command byte Plymouth does not define.
    case unknownCommand(UInt8)
    /// The byte after the command is neither 0x00 (no argument) nor 0x02 (argument follows).
    case badSeparator(command: UInt8, byte: UInt8)
    /// The argument's length byte is 0 (it counts the NUL, so at least 1).
    case emptyArgument(command: UInt8)
    /// The argument's last byte (by its length byte) is not its NUL: a wrong length or a missing NUL.
    case unterminatedArgument(command: UInt8, length: Int)
    /// A request that needs an argument came without one.
    case missingArgument(command: UInt8)
    /// `change-mode` to a mode Plymouth does not know: ACKed, as plymouthd does, and ignored.
    case unknownMode(String)
    /// `system-update` with something other than 0...100: ACKed, as plymouthd does, and ignored.
    case badPercent(String)

    /// What plymouthd answers: NAK, except for the two it ACKs before looking at the argument.
    public var reply: PlymouthReply {
        switch self {
        case .unknownMode, .badPercent: return .ack
        default: return .nak
        }
    }

    public var description: String {
        switch self {
        case .unknownCommand(let c): return "unknown command \(Self.name(c))"
        case .badSeparator(let c, let b): return "command \(Self.name(c)) followed by \(Self.hex(b)), not 0x00 or 0x02"
        case .emptyArgument(let c): return "command \(Self.name(c)) with argument length 0"
        case .unterminatedArgument(let c, let n): return "command \(Self.name(c)): the \(n)-byte argument does not end with a NUL (wrong length byte?)"
        case .missingArgument(let c): return "command \(Self.name(c)) without its argument"
        case .unknownMode(let m): return "change-mode to unknown mode \(Self.quote(m)) ignored"
        case .badPercent(let p): return "system-update with \(Self.quote(p)), not 0...100, ignored"
        }
    }

    static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// `0x50 'P'`, or only the hex for bytes that are not printable ASCII.
    static func name(_ b: UInt8) -> String {
        (0x21...0x7e).contains(b) ? "\(hex(b)) '\(Character(Unicode.Scalar(b)))'" : hex(b)
    }

    /// Up to 64 characters in quotes, control characters escaped.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars.prefix(64) {
            out += scalar.value < 0x20 || scalar == "\"" || scalar == "\\" ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return out + (s.unicodeScalars.count > 64 ? "…\"" : "\"")
    }
}
