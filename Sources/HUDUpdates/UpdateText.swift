import HUDProtocol

/// Updater texts made fit for the protocol: image names, messages and
/// reasons come from other programs and may hold control characters or be
/// too long; the HUD shows them cleaned and cut rather than refusing them.
public enum UpdateText {
    /// One line, control characters as spaces, cut to the label's limit at a character boundary.
    public static func label(_ text: String) -> String {
        cut(String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) }),
            to: ProtocolLimits.maxLabelBytes)
    }

    /// Lines kept, other control characters as spaces, cut to the details' limit.
    public static func details(_ text: String) -> String {
        cut(String(text.unicodeScalars.map { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F ? " " : Character($0) }),
            to: ProtocolLimits.maxDetailsBytes)
    }

    private static func cut(_ text: String, to bytes: Int) -> String {
        var out = ""
        var used = 0
        for c in text {
            let n = c.utf8.count
            if used + n > bytes { break }
            out.append(c)
            used += n
        }
        return out
    }
}
