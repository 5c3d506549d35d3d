#if canImport(Glibc)
import Glibc
#endif
import HUDSystem

/// Where the previous boot's `BootProgressRecord` is kept: a file under
/// /var/lib (`DaemonOptions.stateDirectory`), read at start and replaced
/// atomically at quit (a temporary file beside it, synced, renamed over it).
public struct BootProgressStore: Sendable {
    /// Where `hud daemon` keeps its state unless `--state-dir` says otherwise.
    public static let defaultDirectory = "/var/lib/kioskhud"

    /// The directory (`--state-dir`).
    public let directory: String
    /// The record's file in it (`boot-progress`, `shutdown-progress`).
    public let path: String

    /// - Parameters:
    ///   - directory: the state directory.
    ///   - fileName: the record's file in it.
    public init(directory: String, fileName: String) {
        self.directory = directory
        path = (directory.hasSuffix("/") ? directory : directory + "/") + fileName
    }

    /// What `load` found.
    public enum Loaded: Equatable, Sendable {
        /// No file: a first boot.
        case missing
        /// The previous boot's record.
        case record(BootProgressRecord)
        /// A file that cannot be used, and why (unreadable, too large, not a record).
        case unusable(String)
    }

    /// Reads the record: never blocks on a FIFO, never reads more than
    /// `BootProgressRecord.maxFileBytes`.
    public func load() -> Loaded {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = Errno.current
            return e == Errno(rawValue: ENOENT) ? .missing : .unusable("cannot open it: \(e)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unusable("fstat: \(Errno.current)") }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unusable("not a regular file") }
        let limit = BootProgressRecord.maxFileBytes
        guard info.st_size <= limit else { return .unusable("\(info.st_size) bytes, larger than the \(limit) a record can be") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = Errno.retryingOnInterrupt { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if n < 0 { return .unusable("read: \(Errno.current)") }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > limit { return .unusable("larger than the \(limit) bytes a record can be") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .unusable("not UTF-8 text") }
        do {
            return .record(try BootProgressRecord.parse(text))
        } catch {
            return .unusable(error.description)
        }
    }

    /// What `save` did.
    public enum Saved: Equatable, Sendable {
        /// The file was replaced.
        case written
        /// Not attempted, and why (the root is not known to be writable).
        case skipped(String)
    }

    /// Replaces the file with `record`. With `rootWritable` (Plymouth's
    /// `system-initialized` came) the directory is made if missing; without
    /// it the record is written only where the directory exists and is
    /// writable (a read-only root, or the initramfs, is left alone).
    /// - Throws: `SystemError` naming the call and the path.
    public func save(_ record: BootProgressRecord, rootWritable: Bool) throws(SystemError) -> Saved {
        if rootWritable {
            if mkdir(directory, 0o755) != 0, errno != EEXIST { throw SystemError.last("mkdir", directory) }
        } else if access(directory, W_OK) != 0 {
            return .skipped("\(directory) is not a writable directory (\(Errno.current)) and the system did not say it is initialized")
        }
        try AtomicFile(path: path).write(Array(record.encoded.utf8), durable: true)
        return .written
    }
}
