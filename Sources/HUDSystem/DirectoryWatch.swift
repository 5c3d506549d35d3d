#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Calls a handler on an `EventLoop` whenever entries appear in a directory
/// (`inotify_add_watch` with `IN_CREATE | IN_ATTRIB | IN_MOVED_TO`): how the
/// daemon learns that a late GPU driver created `/dev/dri/card0`. Event
/// driven, never polled. When the directory does not exist yet its parent is
/// watched too, and the directory is added as soon as it appears. With
/// `removals`, entries leaving (`IN_DELETE | IN_MOVED_FROM`) call it too: how
/// HUDInput learns that a keyboard was unplugged.
public final class DirectoryWatch: @unchecked Sendable {
    private let inotify: OwnedFileDescriptor
    private let directory: String
    private var watch: FDWatch?
    private let mask: UInt32

    /// - Throws: `SystemError` naming `inotify_init1` and errno.
    public init(directory: String, loop: EventLoop, removals: Bool = false, handler: @escaping @Sendable () -> Void) throws {
        self.directory = directory
        mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO) | (removals ? UInt32(IN_DELETE | IN_MOVED_FROM) : 0)
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw SystemError(call: "inotify_init1", subject: directory, errno: .current) }
        inotify = OwnedFileDescriptor(FileDescriptor(rawValue: fd))
        if inotify_add_watch(fd, directory, mask) < 0 {
            var parent = String(directory.reversed().drop { $0 != "/" }.reversed().dropLast())
            if parent.isEmpty { parent = "/" }
            guard inotify_add_watch(fd, parent, mask) >= 0 else {
                throw SystemError(call: "inotify_add_watch", subject: parent, errno: .current)
            }
        }
        let mask = self.mask
        watch = try loop.watchReadable(fd: inotify.descriptor) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(fd, &buffer, buffer.count) > 0 {}
            _ = inotify_add_watch(fd, directory, mask)
            handler()
        }
    }

    /// Stops watching.
    public func cancel() {
        watch?.cancel()
        watch = nil
    }

    deinit { watch?.cancel() }
}
