/// The one owner of an open file descriptor: it closes it when it goes away,
/// once. Not copyable, so the type that stores it is the owner; a
/// `FileDescriptor` is the borrowed, typed number passed to calls.
public struct OwnedFileDescriptor: ~Copyable, Sendable {
    /// The descriptor, to pass to calls; valid while this owner lives.
    public let descriptor: FileDescriptor

    /// Takes ownership of `descriptor` (the result of `open`, `socket`, ...).
    public init(_ descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// The descriptor number, for C calls.
    public var rawValue: Int32 { descriptor.rawValue }

    deinit { descriptor.close() }
}
