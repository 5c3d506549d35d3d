#if canImport(Glibc)
import Glibc
#endif

/// A POSIX extended regular expression compiled by glibc (`regcomp` with
/// `REG_EXTENDED`; `regexec` to match), plus `\d` and `\D` for a digit and a
/// non-digit, which POSIX lacks. glibc's matcher is already in the process:
/// Swift's `Regex` would add a megabyte of parser and engine to `hud`.
final class ExtendedRegex: @unchecked Sendable {
    private var compiled = regex_t()
    /// Capture groups in the pattern (`re_nsub`).
    let groupCount: Int

    /// - Throws: regerror's message for a pattern glibc refuses.
    init(_ pattern: String) throws(ExtendedRegexError) {
        let status = regcomp(&compiled, Self.posix(pattern), REG_EXTENDED)
        guard status == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &message, message.count)
            regfree(&compiled)
            throw ExtendedRegexError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        groupCount = Int(compiled.re_nsub)
    }

    deinit { regfree(&compiled) }

    /// The text of capture group `group` in the first match in `line`, nil
    /// without a match or when the group took no part in it.
    func firstMatch(in line: String, group: Int) -> Substring? {
        guard group <= groupCount else { return nil }
        var matches = [regmatch_t](repeating: regmatch_t(), count: group + 1)
        let utf8 = Array(line.utf8CString)
        guard regexec(&compiled, utf8, matches.count, &matches, 0) == 0 else { return nil }
        let m = matches[group]
        guard m.rm_so >= 0, m.rm_eo >= m.rm_so else { return nil }
        let bytes = line.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: Int(m.rm_so))
        let end = bytes.index(bytes.startIndex, offsetBy: Int(m.rm_eo))
        return line[start..<end]
    }

    /// `\d` and `\D` as bracket expressions (inside brackets: the range alone).
    static func posix(_ pattern: String) -> String {
        var out = ""
        var inBracket = false, escaped = false
        for c in pattern {
            if escaped {
                escaped = false
                switch (c, inBracket) {
                case ("d", false): out += "[0-9]"
                case ("D", false): out += "[^0-9]"
                case ("d", true): out += "0-9"
                default: out += "\\" + String(c)
                }
                continue
            }
            if c == "\\" {
                escaped = true
                continue
            }
            if c == "[" { inBracket = true } else if c == "]" { inBracket = false }
            out.append(c)
        }
        if escaped { out += "\\" }
        return out
    }
}

/// A pattern glibc's `regcomp` refused, with its message.
struct ExtendedRegexError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
