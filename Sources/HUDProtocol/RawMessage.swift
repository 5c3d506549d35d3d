/// A message split into its verb and `key=value` fields, before any key or
/// value is interpreted. The grammar is in docs/protocol.md.
public struct RawMessage: Hashable, Sendable {
    public var verb: String
    public var fields: [Field]

    public init(verb: String, fields: [Field] = []) {
        self.verb = verb
        self.fields = fields
    }

    /// Splits one line (no terminator; one trailing CR is allowed).
    /// - Throws: `ProtocolError` with `.tooLong`, `.badUTF8`, `.syntax` or `.duplicateKey`.
    public static func split(_ line: [UInt8]) throws(ProtocolError) -> RawMessage {
        var end = line.count
        if end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end < ProtocolLimits.maxLineBytes else {
            throw ProtocolError(.tooLong, "message of \(end) bytes exceeds \(ProtocolLimits.maxLineBytes - 1)")
        }
        guard String(validating: line[0..<end], as: UTF8.self) != nil else {
            throw ProtocolError(.badUTF8, "message is not valid UTF-8 (from byte \(firstInvalidUTF8(line[0..<end])): \(describe(line[firstInvalidUTF8(line[0..<end])])))")
        }
        var i = 0
        func skipSpaces() { while i < end, line[i] == 0x20 { i += 1 } }
        skipSpaces()
        let verbStart = i
        while i < end, isNameByte(line[i]) { i += 1 }
        guard i > verbStart else {
            throw ProtocolError(.syntax, i < end ? "a message starts with a lowercase verb, found \(describe(line[i]))" : "empty message")
        }
        let verb = String(decoding: line[verbStart..<i], as: UTF8.self)
        var fields: [Field] = []
        while true {
            let before = i
            skipSpaces()
            if i == end { break }
            guard i > before else { throw ProtocolError(.syntax, "expected a space before \(describe(line[i])) at byte \(i)") }
            let keyStart = i
            while i < end, isNameByte(line[i]) { i += 1 }
            guard i > keyStart else { throw ProtocolError(.syntax, "expected a key at byte \(i), found \(describe(line[i]))") }
            let key = String(decoding: line[keyStart..<i], as: UTF8.self)
            guard i < end, line[i] == UInt8(ascii: "=") else {
                throw ProtocolError(.syntax, "key '\(key)' must be followed by '='")
            }
            i += 1
            let value: String
            if i < end, line[i] == UInt8(ascii: "\"") {
                i += 1
                var bytes: [UInt8] = []
                var closed = false
                while i < end {
                    let b = line[i]
                    if b == UInt8(ascii: "\"") { closed = true; i += 1; break }
                    if b == UInt8(ascii: "\\") {
                        guard i + 1 < end else { break }
                        switch line[i + 1] {
                        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                        case UInt8(ascii: "n"): bytes.append(0x0A)
                        case UInt8(ascii: "t"): bytes.append(0x09)
                        default:
                            throw ProtocolError(.syntax, "unknown escape \\\(describe(line[i + 1])) in value of '\(key)' (use \\\" \\\\ \\n \\t)")
                        }
                        i += 2
                        continue
                    }
                    guard !isControl(b) else { throw ProtocolError(.syntax, "control character \(describe(b)) in value of '\(key)' (write a newline or tab as \\n or \\t)") }
                    bytes.append(b)
                    i += 1
                }
                guard closed else { throw ProtocolError(.syntax, "unterminated quoted value of '\(key)'") }
                value = String(decoding: bytes, as: UTF8.self)
            } else {
                let valueStart = i
                while i < end, line[i] != 0x20 {
                    let b = line[i]
                    guard !isControl(b) else {
                        throw ProtocolError(.syntax, "control character \(describe(b)) in value of '\(key)' (quote the value and write a newline or tab as \\n or \\t)")
                    }
                    guard b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") else {
                        throw ProtocolError(.syntax, "\(describe(b)) in unquoted value of '\(key)' (quote the value and escape it as \\\(Character(Unicode.Scalar(b))))")
                    }
                    i += 1
                }
                value = String(decoding: line[valueStart..<i], as: UTF8.self)
            }
            guard !fields.contains(where: { $0.key == key }) else {
                throw ProtocolError(.duplicateKey, "key '\(key)' given twice")
            }
            fields.append(Field(key, value))
        }
        return RawMessage(verb: verb, fields: fields)
    }

    /// The message as one line, without its newline: values that need it are
    /// quoted and escaped.
    public func encoded() -> String {
        var s = verb
        for field in fields {
            s += " " + field.key + "=" + Self.quoteIfNeeded(field.value)
        }
        return s
    }

    /// `value` as it appears on the wire.
    public static func quoteIfNeeded(_ value: String) -> String {
        let bare = !value.isEmpty && value.utf8.allSatisfy {
            !isControl($0) && $0 != 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        if bare { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                // Other control characters cannot be sent; they are dropped.
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Lowercase letters, digits and '-'.
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
    }

    static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7F }

    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xC2 && b < 0xE0 ? 2 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xF0 && b < 0xF5 ? 4 : 0
            guard length > 0, i + length <= bytes.endIndex,
                  String(validating: bytes[i..<i + length], as: UTF8.self) != nil else { return i - bytes.startIndex }
            i += length
        }
        return bytes.count
    }

    static func describe(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }
}
