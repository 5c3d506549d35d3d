/// RAUC's D-Bus state as `UpdateEvent`s: `Operation` turning `installing`
/// begins an update; each `Progress` shows its message as the label, the
/// steps it is nested in (`Installing › Checking bundle`) as details, and its
/// percentage; the `Completed` signal ends it, 0 with the success mark,
/// anything else with the failure mark and `LastError` as the reason.
public struct RAUCEventMapper: Sendable {
    public private(set) var inUpdate = false
    public private(set) var lastError = ""
    private var operation = "idle"
    /// The message at each nesting depth so far (index 0 is depth 1).
    private var messages: [String] = []

    public init() {}

    public mutating func events(for p: RAUCProperties) -> [UpdateEvent] {
        var out: [UpdateEvent] = []
        if let e = p.lastError { lastError = e }
        if let op = p.operation {
            operation = op
            if op == "installing", !inUpdate {
                inUpdate = true
                messages = []
                out.append(.began(label: nil))
            }
        }
        if let progress = p.progress, inUpdate || operation == "installing" {
            if !inUpdate {
                inUpdate = true
                out.append(.began(label: nil))
            }
            let depth = max(progress.depth, 1)
            messages = Array(messages.prefix(depth - 1))
            while messages.count < depth - 1 { messages.append("") }
            messages.append(progress.message)
            let parents = messages.dropLast().filter { !$0.isEmpty }
            out.append(.progress(label: progress.message.isEmpty ? nil : progress.message,
                                 details: parents.joined(separator: " › "), percent: Double(progress.percent)))
        }
        return out
    }

    /// The `Completed` signal: RAUC's result, 0 for success.
    public mutating func completed(result: Int32) -> [UpdateEvent] {
        inUpdate = false
        messages = []
        return [.ended(success: result == 0, reason: result == 0 || lastError.isEmpty ? nil : lastError)]
    }

    /// RAUC left the bus: forget its state (the presenter says the update was cut short).
    public mutating func serviceLost() {
        self = RAUCEventMapper()
    }
}
