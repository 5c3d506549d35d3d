/// The daemon's answer to one request: `ok` with optional fields, or `error`.
public enum Response: Hashable, Sendable {
    case ok([Field])
    case error(code: ErrorCode, reason: String)

    public static let ok = Response.ok([])

    /// An `ok` response with `field` appended; an error stays as it is.
    public func adding(_ field: Field) -> Response {
        guard case .ok(let fields) = self else { return self }
        return .ok(fields + [field])
    }

    /// The value of `key` in an `ok` response.
    public func value(_ key: String) -> String? {
        guard case .ok(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }
}
