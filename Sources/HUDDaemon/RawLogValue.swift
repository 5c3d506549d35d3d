import HUDProtocol

/// Text quoted the way the protocol quotes values, for log lines.
enum RawLogValue {
    static func quote(_ s: String) -> String { RawMessage.quoteIfNeeded(s) }
}
