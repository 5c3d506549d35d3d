/// A command written to psplash's FIFO by `psplash-write` or a boot script:
/// `PROGRESS n`, `MSG text` or `QUIT` (psplash's own spelling; case-sensitive).
///
/// Read as psplash reads it, since boot scripts were written against psplash:
/// `PROGRESS` takes the leading integer (`42abc` is 42, as `atoi`), and a
/// `MSG` that is too long or not valid UTF-8 is still shown: cut to
/// `ProtocolLimits.maxLabelBytes` at a character boundary, invalid bytes
/// and control characters replaced.
public enum PsplashCommand: Hashable, Sendable {
    /// Percent; psplash clamps to 0…100 and so do we.
    case progress(Int)
    case message(String)
    case quit

    /// Parses one FIFO message (separator removed).
    /// - Throws: `ProtocolError` naming the command or value that was wrong.
    public static func parse(_ bytes: [UInt8]) throws(ProtocolError) -> PsplashCommand {
        var line = bytes[...]
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        while let last = line.last, blank(last) { line.removeLast() }
        while let first = line.first, blank(first) { line.removeFirst() }
        let verb = line.prefix { $0 != 0x20 }
        let rest = line.dropFirst(verb.count).drop { $0 == 0x20 }
        switch String(decoding: verb, as: UTF8.self) {
        case "QUIT":
            return .quit
        case "PROGRESS":
            return .progress(try leadingPercent(rest))
        case "MSG":
            return .message(displayable(rest))
        case let other:
            throw ProtocolError(.unknownCommand, "unknown psplash command '\(other.prefix(40))' (known: PROGRESS, MSG, QUIT)")
        }
    }

    /// `atoi`'s reading: an optional sign and the digits that follow, the
    /// rest ignored; clamped to 0…100.
    private static func leadingPercent(_ text: ArraySlice<UInt8>) throws(ProtocolError) -> Int {
        var digits = text[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        let number = digits.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !number.isEmpty else {
            throw ProtocolError(.badValue, "PROGRESS needs a number, got '\(String(decoding: text.prefix(40), as: UTF8.self))'")
        }
        // Past three digits the value is over 100 whatever follows.
        let value = number.count > 3 ? 1000 : number.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return negative ? 0 : min(value, 100)
    }

    /// The text as it can be drawn: invalid UTF-8 replaced (U+FFFD), control
    /// characters made spaces, cut to the label limit at a character boundary.
    private static func displayable(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        var count = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            let shown: Unicode.Scalar = scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
            let size = String(shown).utf8.count
            guard count + size <= ProtocolLimits.maxLabelBytes else { break }
            text.unicodeScalars.append(shown)
            count += size
        }
        return text
    }
}
