#if canImport(Glibc)
import Glibc
#endif

/// The daemon's switches on the kernel command line (`/proc/cmdline`):
/// `kioskhud.disable` (or `kioskhud.disable=1`) keeps the daemon off the
/// display; `kioskhud.theme=NAME` picks a theme (`<themes>/NAME.json`); `kioskhud.output=SPEC`
/// picks an output (`kms`, `none`, `png:DIR`). Other `kioskhud.*` words are
/// reported as unknown.
public struct KernelCommandLine: Hashable, Sendable {
    public var disabled = false
    public var theme: String?
    public var output: String?
    /// `kioskhud.*` words this version does not know, for a warning.
    public var unknown: [String] = []

    public init() {}

    /// Parses a command line the way the kernel splits it: spaces separate
    /// words, double quotes group (`kioskhud.theme="a b"`).
    public init(parsing text: String) {
        for word in Self.words(text) where word.hasPrefix("kioskhud.") {
            let body = word.dropFirst("kioskhud.".count)
            let key = body.prefix { $0 != "=" }
            let value = body.count > key.count ? String(body.dropFirst(key.count + 1)) : nil
            switch key {
            case "disable":
                disabled = value.map { !["0", "no", "false", "off"].contains($0) } ?? true
            case "theme" where !(value ?? "").isEmpty:
                theme = value
            case "output" where !(value ?? "").isEmpty:
                output = value
            default:
                unknown.append(word)
            }
        }
    }

    /// Reads and parses `path` (normally /proc/cmdline); an unreadable file
    /// gives no switches.
    public static func read(path: String) -> KernelCommandLine {
        guard let text = TextFile.read(path, limit: 65536) else { return KernelCommandLine() }
        return KernelCommandLine(parsing: text)
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for c in text {
            if c == "\"" {
                quoted.toggle()
                inWord = true
            } else if !quoted, c == " " || c == "\n" || c == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
