/// A message was refused: the code and a reason naming what was wrong.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ErrorCode
    public var reason: String

    public init(_ code: ErrorCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }

    /// The `error code=… reason=…` response for this error.
    public var response: Response { .error(code: code, reason: reason) }
}
