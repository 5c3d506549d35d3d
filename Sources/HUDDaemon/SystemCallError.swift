#if canImport(Glibc)
import Glibc
#endif

/// A system call failed: which call, on what (a path or fd), and errno's text.
public struct SystemCallError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var subject: String
    public var errno: Int32

    public init(_ call: String, _ subject: String, errno: Int32 = Glibc.errno) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    public var description: String { "\(call) \(subject): \(String(cString: strerror(errno)))" }
}
