#if canImport(Glibc)
import Glibc
#endif

/// Font fallback chains written ahead of time (`hud fonts --record`, run by
/// the initramfs hook and `board/install-root.sh`), so that a label's first
/// frame need not wait for fontconfig to read its configuration and caches.
///
/// The format, one item per line, tab-separated; `#` starts a comment:
///
///     request	Noto Sans, Noto Sans CJK JP|bold|ja
///     font	/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc	0
///
/// A `request` line (`FontRequest.recordKey`) starts a chain; each `font`
/// line adds a face to it, in fallback order.
public struct RecordedFontList: Sendable {
    /// Where `hud` looks for the list unless `KIOSKHUD_FONT_LIST` names another.
    public static let defaultPath = "/etc/kioskhud/fonts.list"

    /// The list `FontCatalog` reads by default: `KIOSKHUD_FONT_LIST`, else `defaultPath`.
    public static var configuredPath: String {
        getenv("KIOSKHUD_FONT_LIST").map { String(cString: $0) } ?? defaultPath
    }

    /// Whether there is a list to read at `configuredPath` (a cheap check before
    /// choosing to draw a first label inline rather than after fontconfig).
    public static var isPresent: Bool { access(configuredPath, R_OK) == 0 }

    public private(set) var chains: [String: [FontFile]] = [:]
    /// Requests in the order they were added (for writing).
    public private(set) var order: [String] = []

    public init() {}

    /// Parses `text`; `name` is used in errors ("fonts.list:3: …").
    public init(parsing text: String, name: String) throws(TextError) {
        var current: String?
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "request" where fields.count == 2:
                current = fields[1]
                add(request: fields[1], files: [])
            case "font" where fields.count == 3:
                guard let key = current else { throw .badFontList("\(name):\(n + 1): a font line before any request line") }
                guard let index = Int(fields[2]), index >= 0 else {
                    throw .badFontList("\(name):\(n + 1): face index \"\(fields[2])\" is not a number ≥ 0")
                }
                chains[key, default: []].append(FontFile(path: fields[1], index: index))
            default:
                throw .badFontList("\(name):\(n + 1): expected \"request<TAB>KEY\" or \"font<TAB>PATH<TAB>INDEX\", found \"\(line)\"")
            }
        }
    }

    /// Reads the list at `path`: nil when there is none (`ENOENT`).
    public static func read(path: String) throws(TextError) -> RecordedFontList? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .badFontList("\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .badFontList("\(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes += chunk[0..<n]
            guard bytes.count <= 1 << 20 else { throw .badFontList("\(path): longer than 1 MB") }
        }
        return try RecordedFontList(parsing: String(decoding: bytes, as: UTF8.self), name: path)
    }

    /// Sets the chain of `request` (replacing one recorded before).
    public mutating func add(request key: String, files: [FontFile]) {
        if chains[key] == nil { order.append(key) }
        chains[key] = files
    }

    /// The list in its file format.
    public var text: String {
        var out = "# KioskHUD font fallback chains (hud fonts --record): a request, then its fonts in order\n"
        for key in order {
            out += "request\t\(key)\n"
            for f in chains[key] ?? [] { out += "font\t\(f.path)\t\(f.index)\n" }
        }
        return out
    }
}
