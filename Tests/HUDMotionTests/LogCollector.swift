@testable import HUDMotion
import Synchronization

/// Collects what a `MotionLog` says.
final class LogCollector: Sendable {
    private let lines = Mutex<[String]>([])
    var log: MotionLog { MotionLog { [self] line in lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
    func count(containing s: String) -> Int { all.filter { $0.contains(s) }.count }
}
