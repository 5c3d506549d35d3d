/// Cuts a byte stream into messages at separator bytes, with a size cap.
///
/// A message longer than the cap is reported once as `.tooLong` and its
/// bytes are dropped up to the next separator, so a flood can never grow the
/// buffer past `maxLineBytes`. Empty messages are skipped.
public struct LineFramer: Sendable {
    public enum Event: Hashable, Sendable {
        case line([UInt8])
        case tooLong
    }

    public let maxLineBytes: Int
    private let separatesAtNUL: Bool
    private var buffer: [UInt8] = []
    private var discarding = false

    /// - Parameters:
    ///   - maxLineBytes: the longest message, its separator included.
    ///   - separatesAtNUL: also split at NUL bytes (psplash's FIFO), not only at newlines.
    public init(maxLineBytes: Int = ProtocolLimits.maxLineBytes, separatesAtNUL: Bool = false) {
        self.maxLineBytes = max(2, maxLineBytes)
        self.separatesAtNUL = separatesAtNUL
        buffer.reserveCapacity(self.maxLineBytes)
    }

    /// Whether part of a message is waiting for its separator.
    public var hasPartialLine: Bool { !buffer.isEmpty || discarding }

    /// Feeds bytes; `handle` gets each complete message or overflow, in order.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ handle: (Event) -> Void) {
        for b in bytes {
            if b == 0x0A || (separatesAtNUL && b == 0) {
                if discarding {
                    discarding = false
                } else if !buffer.isEmpty {
                    handle(.line(message()))
                    buffer.removeAll(keepingCapacity: true)
                }
            } else if !discarding {
                if buffer.count + 1 >= maxLineBytes {
                    buffer.removeAll(keepingCapacity: true)
                    discarding = true
                    handle(.tooLong)
                } else {
                    buffer.append(b)
                }
            }
        }
    }

    /// Ends the partial message as if its separator had come, and returns
    /// it (psplash's FIFO: the end of each `read` ends a command, so
    /// `printf 'PROGRESS 20' > fifo` works); nil when none is waiting.
    public mutating func flush() -> [UInt8]? {
        defer { reset() }
        return discarding || buffer.isEmpty ? nil : message()
    }

    /// The buffered message as an array of its own, exactly its size. Handing
    /// out `buffer` itself would share its `maxLineBytes` of capacity: every
    /// message a caller keeps (a FIFO read's commands) would hold 4 kB, and
    /// the next `removeAll(keepingCapacity:)` would allocate 4 kB anew.
    private func message() -> [UInt8] {
        buffer.withUnsafeBufferPointer { [UInt8]($0) }
    }

    /// Drops any partial message (the writer went away mid-message).
    public mutating func reset() {
        buffer.removeAll(keepingCapacity: true)
        discarding = false
    }
}
