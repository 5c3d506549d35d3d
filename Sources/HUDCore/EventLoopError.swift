#if canImport(Glibc)
import Glibc
#endif

/// A system call of the event loop failed.
public struct EventLoopError: Error, CustomStringConvertible, Sendable {
    /// The C call that failed, e.g. `"epoll_create1"`.
    public var call: String
    public var errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
}
