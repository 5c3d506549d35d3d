#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HUDCore

/// Finds the DRM card to draw on: the first `/dev/dri/card*` with a connected
/// connector, or an explicit path; waits for one to appear (a driver still
/// probing at boot) by watching the directory with inotify, never polling.
public struct CardFinder: Sendable {
    /// The directory holding the device nodes.
    public var directory: String
    public var clock: any HUDClock

    public init(directory: String = "/dev/dri", clock: any HUDClock = SystemClock.shared) {
        self.directory = directory
        self.clock = clock
    }

    /// Why no card was found.
    public struct NotFound: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// `card*` entries of the directory, in numeric order.
    public func candidates() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [(Int, String)] = []
        while let entry = readdir(dir) {
            // Read d_name in place up to its NUL: copying the whole 256-byte
            // field reads bytes readdir never wrote (valgrind reports it).
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            guard name.hasPrefix("card"), let n = Int(name.dropFirst(4)) else { continue }
            names.append((n, name))
        }
        return names.sorted { $0.0 < $1.0 }.map { "\(directory)/\($0.1)" }
    }

    /// Opens the first usable card: `explicitPath` if given, else the first
    /// card with a connected connector. Waits up to `timeout` for it.
    /// - Throws: `SystemError` for an explicit path that cannot be opened,
    ///   `NotFound` when the wait ran out (naming what was seen).
    public func open(explicitPath: String? = nil, timeout: Duration) throws -> DRMCard {
        let deadline = clock.now() + timeout
        let watcher = InotifyWatcher(directory: directory)
        var seen: [String] = []
        while true {
            if let explicitPath {
                if access(explicitPath, F_OK) == 0 {
                    let card = try DRMCard(path: explicitPath)
                    if Self.hasConnectedConnector(card) { return card }
                    seen = ["\(explicitPath) (no connected connector)"]
                }
            } else {
                seen = []
                for path in candidates() {
                    guard let card = try? DRMCard(path: path) else { seen.append("\(path) (cannot open)"); continue }
                    if Self.hasConnectedConnector(card) { return card }
                    seen.append("\(path) (no connected connector)")
                }
            }
            let left = deadline - clock.now()
            guard left > .zero else { break }
            // Sleep until something in the directory changes (or the time is up).
            watcher.wait(upTo: left)
        }
        let what = explicitPath ?? "\(directory)/card*"
        throw NotFound(description: "no usable DRM card at \(what) after \(timeout)" +
                       (seen.isEmpty ? " (none present)" : ": " + seen.joined(separator: ", ")))
    }

    static func hasConnectedConnector(_ card: DRMCard) -> Bool {
        guard let res = try? card.resources() else { return false }
        return res.connectors.contains { id in
            (try? card.connector(id, probe: false))?.isConnected == true || (try? card.connector(id))?.isConnected == true
        }
    }
}

/// An inotify watch on a directory (and `/dev` for the directory itself
/// appearing); `wait` blocks in `poll` until an entry is created or changed.
final class InotifyWatcher {
    private let fd: Int32
    private let directory: String
    private let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)

    init(directory: String) {
        self.directory = directory
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return }
        if inotify_add_watch(fd, directory, mask) < 0 {
            // The directory is not there yet: watch its parent for it.
            var parent = String(directory.reversed().drop { $0 != "/" }.reversed().dropLast())
            if parent.isEmpty { parent = "/" }
            _ = inotify_add_watch(fd, parent, mask)
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Returns when the watched directory changed or `limit` passed.
    func wait(upTo limit: Duration) {
        let ms = Int32(clamping: max(1, limit.hudNanoseconds / 1_000_000))
        guard fd >= 0 else { usleep(UInt32(min(ms, 100)) * 1000); return }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, ms)
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(fd, &buffer, buffer.count)
        // The directory may exist now if only its parent was watched; adding
        // a watch again is idempotent.
        _ = inotify_add_watch(fd, directory, mask)
    }
}
