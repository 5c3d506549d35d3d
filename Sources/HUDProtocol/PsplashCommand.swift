/// A command written to psplash's FIFO by `psplash-write` or a boot script:
/// `PROGRESS n`, `MSG text` or `QUIT` (psplash's own spelling; case-sensitive).
public enum PsplashCommand: Hashable, Sendable {
    /// Percent; psplash clamps to 0…100 and so do we.
    case progress(Int)
    case message(String)
    case quit

    /// Parses one FIFO message (separator removed).
    /// - Throws: `ProtocolError` naming the command or value that was wrong.
    public static func parse(_ bytes: [UInt8]) throws(ProtocolError) -> PsplashCommand {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ProtocolError(.badUTF8, "psplash command is not valid UTF-8")
        }
        var line = Substring(text)
        while let last = line.last, last == " " || last == "\r" || last == "\t" { line.removeLast() }
        while let first = line.first, first == " " || first == "\t" { line.removeFirst() }
        let verb = line.prefix { $0 != " " }
        let rest = line.dropFirst(verb.count).drop { $0 == " " }
        switch verb {
        case "QUIT":
            return .quit
        case "PROGRESS":
            guard !rest.isEmpty, rest.utf8.count <= 9, let n = Int(rest) else {
                throw ProtocolError(.badValue, "PROGRESS needs an integer, got '\(rest.prefix(40))'")
            }
            return .progress(min(max(n, 0), 100))
        case "MSG":
            guard rest.utf8.count <= ProtocolLimits.maxLabelBytes else {
                throw ProtocolError(.badValue, "MSG text of \(rest.utf8.count) bytes exceeds \(ProtocolLimits.maxLabelBytes)")
            }
            guard !rest.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw ProtocolError(.badValue, "MSG text has control characters")
            }
            return .message(String(rest))
        default:
            throw ProtocolError(.unknownCommand, "unknown psplash command '\(verb.prefix(40))' (known: PROGRESS, MSG, QUIT)")
        }
    }
}
