extension Response {
    /// The response as one line, newline included.
    public func encoded() -> String {
        switch self {
        case .ok(let fields):
            return RawMessage(verb: "ok", fields: fields).encoded() + "\n"
        case .error(let code, let reason):
            return RawMessage(verb: "error", fields: [Field("code", code.rawValue), Field("reason", reason)]).encoded() + "\n"
        }
    }

    /// Parses a daemon's response line (no newline).
    /// - Throws: `ProtocolError` when the line is not a response.
    public static func parse(_ line: [UInt8]) throws(ProtocolError) -> Response {
        let m = try RawMessage.split(line)
        switch m.verb {
        case "ok":
            return .ok(m.fields)
        case "error":
            // An unknown code reads as `failed`; a missing reason as the code's name.
            let code = ErrorCode(rawValue: m.fields.first { $0.key == "code" }?.value ?? "") ?? .failed
            let reason = m.fields.first { $0.key == "reason" }?.value ?? ""
            return .error(code: code, reason: reason.isEmpty ? code.rawValue : reason)
        default:
            throw ProtocolError(.syntax, "expected 'ok' or 'error', got '\(m.verb)'")
        }
    }
}
