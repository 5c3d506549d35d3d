/// Finds a progress value in a line of an updater's output (`hud pipe`).
///
/// By default the first decimal number directly followed by `%` (spaces
/// allowed between) is the percentage. `prefix`/`suffix` change the text
/// around the number; `pattern` is a POSIX extended regular expression
/// (`ExtendedRegex`: glibc's, with `\d`) whose first capture group is the
/// number. `scale` is the value that means 100 % (e.g. 1 for lines like
/// `progress: 0.42`).
public struct ProgressLineScanner: @unchecked Sendable {
    public enum PatternError: Error, CustomStringConvertible {
        case badRegex(String, String)
        case noCaptureGroup(String)
        case badScale(String)
        case emptyMarkers

        public var description: String {
            switch self {
            case .badRegex(let p, let why): return "--pattern '\(p)' is not a valid regular expression: \(why)"
            case .noCaptureGroup(let p): return "--pattern '\(p)' needs a capture group around the number, e.g. '(\\d+)%'"
            case .badScale(let s): return "--scale '\(s)' must be a positive number"
            case .emptyMarkers: return "--prefix and --suffix cannot both be empty"
            }
        }
    }

    private let prefix: [UInt8]
    private let suffix: [UInt8]
    private let regex: ExtendedRegex?
    private let scale: Double

    /// - Throws: `PatternError` for a regex without a group, or a bad scale.
    public init(prefix: String = "", suffix: String = "%", pattern: String? = nil, scale: Double = 100) throws(PatternError) {
        guard scale.isFinite, scale > 0 else { throw .badScale(String(scale)) }
        self.scale = scale
        self.prefix = Array(prefix.utf8)
        self.suffix = Array(suffix.utf8)
        if let pattern {
            do {
                self.regex = try ExtendedRegex(pattern)
            } catch {
                throw .badRegex(pattern, error.reason)
            }
            guard regex?.groups ?? 0 > 0 else { throw .noCaptureGroup(pattern) }
        } else {
            guard !prefix.isEmpty || !suffix.isEmpty else { throw .emptyMarkers }
            self.regex = nil
        }
    }

    /// The progress in percent (clamped to 0…100) the line states, or nil.
    public func percent(in line: String) -> Double? {
        let value: Double?
        if let regex {
            guard let sub = regex.firstMatch(in: line, group: 1) else { return nil }
            value = Self.decimal(Array(sub.utf8)[...])
        } else {
            value = scanMarkers(Array(line.utf8))
        }
        guard let v = value, v.isFinite else { return nil }
        return min(max(v * 100 / scale, 0), 100)
    }

    private func scanMarkers(_ bytes: [UInt8]) -> Double? {
        var start = 0
        while start < bytes.count {
            // Find the prefix, then a number right after it (spaces allowed).
            guard let p = Self.find(prefix, in: bytes, from: start) else { return nil }
            var i = p + prefix.count
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            // Without a prefix, the number may start anywhere: scan digit runs.
            var numberStart = i
            if prefix.isEmpty {
                while numberStart < bytes.count, !Self.isDigit(bytes[numberStart]) { numberStart += 1 }
                if numberStart > 0, bytes[numberStart - 1] == UInt8(ascii: ".") { numberStart -= 1 }
            }
            var j = numberStart
            while j < bytes.count, Self.isDigit(bytes[j]) || bytes[j] == UInt8(ascii: ".") { j += 1 }
            if j > numberStart {
                var k = j
                while k < bytes.count, bytes[k] == 0x20 { k += 1 }
                if suffix.isEmpty || Self.hasPrefix(suffix, in: bytes, at: k), let v = Self.decimal(bytes[numberStart..<j]) {
                    return v
                }
            }
            start = prefix.isEmpty ? max(j, numberStart + 1) : p + 1
        }
        return nil
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    static func decimal(_ s: ArraySlice<UInt8>) -> Double? {
        guard !s.isEmpty, s.count <= 24, s.filter({ $0 == UInt8(ascii: ".") }).count <= 1,
              s.contains(where: isDigit) else { return nil }
        return Double(String(decoding: s, as: UTF8.self))
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        if needle.isEmpty { return from }
        guard bytes.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if hasPrefix(needle, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    static func hasPrefix(_ needle: [UInt8], in bytes: [UInt8], at i: Int) -> Bool {
        guard i + needle.count <= bytes.count else { return false }
        for n in 0..<needle.count where bytes[i + n] != needle[n] { return false }
        return true
    }
}
