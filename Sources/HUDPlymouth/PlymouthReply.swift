/// A reply of Plymouth's boot protocol, daemon to client.
public enum PlymouthReply: Hashable, Sendable {
    /// `0x06`: done.
    case ack
    /// `0x15`: refused (not root, unknown or malformed request, no active VT).
    case nak
    /// `0x05`: no answer to give (no prompt can be shown, no cached password).
    case noAnswer
    /// `0x02`, its length (u32, little-endian), the text (no NUL).
    case answer(String)
    /// `0x09`, the length (u32, little-endian), each answer followed by a NUL.
    /// No answers is encoded as `noAnswer`, as plymouthd does (its client asserts a size above 0).
    case multipleAnswers([String])

    /// The reply's bytes on the wire.
    public var encoded: [UInt8] {
        switch self {
        case .ack: return [0x06]
        case .nak: return [0x15]
        case .noAnswer: return [0x05]
        case .answer(let text):
            let bytes = Array(text.utf8)
            return [0x02] + Self.littleEndian(bytes.count) + bytes
        case .multipleAnswers(let answers):
            guard !answers.isEmpty else { return [0x05] }
            // A NUL inside an answer would split it in two on the other side: it ends the answer.
            let bytes = answers.flatMap { Array($0.utf8.prefix { $0 != 0 }) + [0] }
            return [0x09] + Self.littleEndian(bytes.count) + bytes
        }
    }

    static func littleEndian(_ n: Int) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: n)
        return [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24)]
    }
}
