/// Cuts Plymouth requests out of a byte stream, fed as it arrives: a request
/// may be split across reads, and one read may hold several.
///
/// Never holds more than one unfinished request (`maxRequestBytes`). Every
/// complete request, good or bad, is reported once, in order: a bad one as
/// a `PlymouthWireError` after its bytes as framed by its header (Plymouth
/// itself frames the same way), so the next request starts where plymouthd
/// would start it.
public struct PlymouthRequestParser: Sendable {
    /// The longest argument, NUL included: the length is one byte.
    public static let maxArgumentBytes = 255
    /// Command, separator, length, argument.
    public static let maxRequestBytes = 3 + maxArgumentBytes

    private var pending: [UInt8] = []

    public init() {
        pending.reserveCapacity(Self.maxRequestBytes)
    }

    /// Whether a request has begun and not ended.
    public var hasPartialRequest: Bool { !pending.isEmpty }

    /// Adds `bytes`; calls `each` for every request they complete.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes,
                                               _ each: (Result<PlymouthRequest, PlymouthWireError>) -> Void)
    where Bytes.Element == UInt8 {
        for byte in bytes {
            pending.append(byte)
            if let result = takeRequest() {
                pending.removeAll(keepingCapacity: true)
                each(result)
            }
        }
    }

    /// The request `pending` holds, once it is complete.
    private func takeRequest() -> Result<PlymouthRequest, PlymouthWireError>? {
        guard pending.count >= 2 else { return nil }
        let command = pending[0]
        switch pending[1] {
        case 0:
            return Result { () throws(PlymouthWireError) in try PlymouthRequest.decode(command: command, argument: nil) }
        case 2:
            guard pending.count >= 3 else { return nil }
            let length = Int(pending[2])
            guard length > 0 else { return .failure(.emptyArgument(command: command)) }
            guard pending.count == 3 + length else { return nil }
            guard pending[pending.count - 1] == 0 else { return .failure(.unterminatedArgument(command: command, length: length)) }
            // As a C string: up to the first NUL.
            let argument = Array(pending[3...].prefix { $0 != 0 })
            return Result { () throws(PlymouthWireError) in try PlymouthRequest.decode(command: command, argument: argument) }
        default:
            return .failure(.badSeparator(command: command, byte: pending[1]))
        }
    }
}
