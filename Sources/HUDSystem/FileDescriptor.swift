#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor, typed (as swift-system's `FileDescriptor`): what
/// public API takes and returns instead of a bare `Int32`. A value: it does
/// not close itself; the type that stores it owns it and closes it once
/// (ARCHITECTURE.md lists who owns which).
public struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor number.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `close(2)`. Not retried on EINTR: Linux has closed the descriptor by then.
    public func close() {
        _ = Glibc.close(rawValue)
    }

    public var description: String { "fd \(rawValue)" }
}
