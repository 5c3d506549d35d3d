#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX extended regular expression (glibc's `regcomp` with `REG_EXTENDED`),
/// with the shorthands updaters' patterns use: `\d` and `\D` (digits, not
/// digits) anywhere, and glibc's own `\s`, `\S`, `\w`, `\W`, `\b`. Used instead
/// of Swift's `Regex`, whose two libraries were 0.8 MB of every `hud` binary
/// for `hud pipe --pattern` alone.
final class ExtendedRegex: @unchecked Sendable {
    /// `regcomp` refused the pattern: its `regerror` text.
    struct CompileError: Error { let reason: String }

    private var compiled = regex_t()
    /// Capture groups in the pattern (`re_nsub`).
    let groups: Int

    /// Compiles `pattern` (`regcomp(REG_EXTENDED)`).
    /// - Throws: `CompileError` with `regerror`'s text.
    init(_ pattern: String) throws(CompileError) {
        let status = regcomp(&compiled, Self.posix(pattern), REG_EXTENDED)
        guard status == 0 else {
            var text = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &text, text.count)
            throw CompileError(reason: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        groups = Int(compiled.re_nsub)
    }

    deinit { regfree(&compiled) }

    /// The text of capture group `group` in the first match in `line`
    /// (`regexec`); nil when nothing matches or the group took no part.
    func firstMatch(in line: String, group: Int) -> Substring? {
        guard group <= groups else { return nil }
        var matches = [regmatch_t](repeating: regmatch_t(), count: group + 1)
        let found = line.utf8CString.withUnsafeBufferPointer { text in
            regexec(&compiled, text.baseAddress, matches.count, &matches, 0) == 0
        }
        let m = matches[group]
        guard found, m.rm_so >= 0, m.rm_eo >= m.rm_so else { return nil }
        let utf8 = line.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(m.rm_so))
        let end = utf8.index(utf8.startIndex, offsetBy: Int(m.rm_eo))
        return line[start..<end]
    }

    /// `pattern` with `\d` and `\D` spelt as POSIX bracket expressions
    /// (`\d` inside brackets becomes `0-9`); everything else as written.
    static func posix(_ pattern: String) -> String {
        var out = ""
        var inBracket = false
        var bracketStart = false
        var chars = pattern.makeIterator()
        while let c = chars.next() {
            if inBracket {
                if c == "]" && !bracketStart {
                    inBracket = false
                    out.append(c)
                } else if c == "\\" {
                    guard let n = chars.next() else { out.append(c); break }
                    out += n == "d" ? "0-9" : "\\" + String(n)
                } else {
                    out.append(c)
                }
                bracketStart = bracketStart && c == "^"
                continue
            }
            switch c {
            case "\\":
                guard let n = chars.next() else { out.append(c); break }
                switch n {
                case "d": out += "[0-9]"
                case "D": out += "[^0-9]"
                default: out += "\\" + String(n)
                }
            case "[":
                inBracket = true
                bracketStart = true
                out.append(c)
            default:
                out.append(c)
            }
        }
        return out
    }
}
