/// SWUpdate's progress messages as `UpdateEvent`s: an update begins with
/// START (or the first message of one, when the follower connected late),
/// DOWNLOAD is the download's percentage, RUN and PROGRESS name the image
/// being installed (`step i of n`, overall percentage), SUCCESS and FAILURE
/// end it with `info` as the reason. SWUpdate's leftovers after the last step
/// (`step n+1 of n`, no image), DONE and IDLE show nothing.
public struct SWUpdateEventMapper: Sendable {
    /// Whether an update is running as far as the messages tell.
    public private(set) var inUpdate = false

    public init() {}

    public mutating func events(for m: SWUpdateProgressMessage) -> [UpdateEvent] {
        switch m.status {
        case .start:
            inUpdate = true
            return [.began(label: nil)]
        case .download:
            return begin() + [.progress(label: "Downloading update", details: Self.downloadDetails(m), percent: Double(m.downloadPercent))]
        case .run, .progress:
            if m.steps > 0, m.step > m.steps { return [] }  // after the last step
            let details = m.steps > 0 && m.step >= 1 ? "step \(m.step) of \(m.steps)" : nil
            let percent = m.steps > 0 && m.step >= 1
                ? (Double(m.step - 1) * 100 + Double(min(m.stepPercent, 100))) / Double(m.steps)
                : Double(min(m.stepPercent, 100))
            return begin() + [.progress(label: m.image.isEmpty ? nil : m.image, details: details, percent: percent)]
        case .success, .failure:
            inUpdate = false
            return [.ended(success: m.status == .success, reason: Self.reason(m.info))]
        case .idle, .done, .subprocess:
            return []
        }
    }

    private mutating func begin() -> [UpdateEvent] {
        guard !inUpdate else { return [] }
        inUpdate = true
        return [.began(label: nil)]
    }

    static func downloadDetails(_ m: SWUpdateProgressMessage) -> String? {
        guard m.downloadBytes > 0 else { return nil }
        let mb = Double(m.downloadBytes) / 1_000_000
        return "\((mb * 10).rounded() / 10) MB"
    }

    /// `info` as a reason: SWUpdate wraps an event's text as `{"CAUSE": TEXT}`; the text alone.
    public static func reason(_ info: String) -> String? {
        var text = Substring(info.trimmed(of: " \n\t"))
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("{"), text.hasSuffix("}"), let colon = text.firstIndex(of: ":") {
            text = text[text.index(after: colon)..<text.index(before: text.endIndex)]
            text = Substring(String(text).trimmed(of: " \n\t"))
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
        }
        return text.isEmpty ? nil : String(text)
    }
}

extension String {
    /// Without leading and trailing characters from `set` (no Foundation).
    func trimmed(of set: String) -> String {
        let s = drop { set.contains($0) }
        return String(s.reversed().drop { set.contains($0) }.reversed())
    }
}
