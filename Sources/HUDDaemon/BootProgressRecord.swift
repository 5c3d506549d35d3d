/// One boot's timings, as `BootProgressEstimator` learns from them: each
/// boot status (systemd's unit starting, Plymouth's `update`) with the
/// fraction of the boot that had passed when it arrived, and how long the
/// boot took (from the daemon's start to its quit, pauses left out).
///
/// Kept under /var/lib between boots (`BootProgressStore`) as text:
///
///     kioskhud-boot-progress 1
///     duration 12.345
///     0.0210 systemd-journald.service
///     0.3500 systemd-udevd.service
///
/// Bounded: at most `maxEntries` entries, statuses of at most
/// `maxStatusBytes` bytes with no control characters, the whole text at most
/// `maxFileBytes`; `parse` rejects anything else, naming the line.
public struct BootProgressRecord: Equatable, Sendable {
    /// One status and the fraction (0…1) of the boot at which it arrived.
    public struct Entry: Equatable, Sendable {
        /// The status text (a unit name from systemd).
        public var status: String
        /// The share of the boot (0…1) that had passed when it first arrived.
        public var fraction: Double
        /// - Parameters:
        ///   - status: the status text (a unit name from systemd).
        ///   - fraction: 0…1, the share of the boot that had passed when it arrived.
        public init(status: String, fraction: Double) {
            self.status = status
            self.fraction = fraction
        }
    }

    /// The first line of the file: its format and version.
    public static let header = "kioskhud-boot-progress 1"
    /// Entries kept (systemd starts a few hundred units in a boot).
    public static let maxEntries = 1024
    /// A status longer than this is not recorded (Plymouth's arguments are at most 254 bytes).
    public static let maxStatusBytes = 256
    /// The largest file `parse` takes: every entry at its longest, and some.
    public static let maxFileBytes = 300 * 1024
    /// Durations outside this (seconds) are not a boot.
    public static let durationRange = 0.001...86_400.0

    /// The statuses in the order they arrived.
    public var entries: [Entry]
    /// How long the boot took, in seconds.
    public var duration: Double

    /// - Parameters:
    ///   - entries: the statuses, in the order they arrived.
    ///   - duration: the boot's length in seconds.
    public init(entries: [Entry], duration: Double) {
        self.entries = entries
        self.duration = duration
    }

    /// Whether `status` can be recorded: not empty, at most `maxStatusBytes`,
    /// no control characters (a line each in the file).
    public static func isRecordable(_ status: String) -> Bool {
        !status.isEmpty && status.utf8.count <= maxStatusBytes && !status.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }

    /// The file's text.
    public var encoded: String {
        var text = Self.header + "\n" + "duration " + Self.decimal(duration, places: 3) + "\n"
        for e in entries.prefix(Self.maxEntries) where Self.isRecordable(e.status) {
            text += Self.decimal(e.fraction, places: 4) + " " + e.status + "\n"
        }
        return text
    }

    /// What `parse` found wrong: the line (1-based, 0 for the whole file) and why.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line that is wrong, 1-based; 0: the whole text (too large).
        public var line: Int
        /// What is wrong with it.
        public var reason: String
        /// "line N: reason", or the reason alone.
        public var description: String { line > 0 ? "line \(line): \(reason)" : reason }
    }

    /// Reads a record written by `encoded`.
    /// - Throws: `ParseError` naming the first line that is wrong.
    public static func parse(_ text: String) throws(ParseError) -> BootProgressRecord {
        guard text.utf8.count <= maxFileBytes else {
            throw ParseError(line: 0, reason: "larger than \(maxFileBytes) bytes")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first == header else {
            throw ParseError(line: 1, reason: "expected '\(header)'")
        }
        guard lines.count >= 2, lines[1].hasPrefix("duration "),
              let duration = Double(lines[1].dropFirst("duration ".count)), durationRange.contains(duration) else {
            throw ParseError(line: 2, reason: "expected 'duration SECONDS' (\(durationRange.lowerBound) to \(Int(durationRange.upperBound)))")
        }
        guard lines.count - 2 <= maxEntries else {
            throw ParseError(line: 2 + maxEntries + 1, reason: "more than \(maxEntries) entries")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(lines.count - 2)
        for (i, line) in lines.enumerated().dropFirst(2) {
            guard let space = line.firstIndex(of: " "), let fraction = Double(line[..<space]),
                  (0...1).contains(fraction) else {
                throw ParseError(line: i + 1, reason: "expected 'FRACTION STATUS' with FRACTION from 0 to 1")
            }
            let status = String(line[line.index(after: space)...])
            guard isRecordable(status) else {
                throw ParseError(line: i + 1, reason: "status empty, longer than \(maxStatusBytes) bytes or with control characters")
            }
            entries.append(Entry(status: status, fraction: fraction))
        }
        return BootProgressRecord(entries: entries, duration: duration)
    }

    /// `value` with `places` decimals, no exponent ("0.0210").
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((max(0, value) * scale).rounded())
        let whole = scaled / Int64(scale)
        var part = String(scaled % Int64(scale))
        while part.count < places { part = "0" + part }
        return "\(whole).\(part)"
    }
}
