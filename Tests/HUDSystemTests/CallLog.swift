import HUDSystem

/// Records callbacks in order, from any thread.
final class CallLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ s: String) { entries.withLock { $0.append(s) } }
    var all: [String] { entries.withLock { $0 } }
}
