import Synchronization

/// Where HUDMotion says things (a closure, so tests can collect the lines).
/// `sayOnce` keeps repeated faults from flooding a boot log.
public final class MotionLog: Sendable {
    private let sink: @Sendable (String) -> Void
    private let said = Mutex<Set<String>>([])

    public init(_ sink: @escaping @Sendable (String) -> Void) { self.sink = sink }

    /// A log that drops everything.
    public static let silent = MotionLog { _ in }

    public func say(_ message: String) { sink(message) }

    /// Says `message` unless something was already said under `key` (and not
    /// `forget`-ten since). Returns whether it was said.
    @discardableResult
    public func sayOnce(_ key: String, _ message: @autoclosure () -> String) -> Bool {
        let first = said.withLock { $0.insert(key).inserted }
        if first { sink(message()) }
        return first
    }

    /// Lets `key` be said again (e.g. after the fault it reported cleared).
    /// Returns whether it had been said.
    @discardableResult
    public func forget(_ key: String) -> Bool {
        said.withLock { $0.remove(key) != nil }
    }
}
