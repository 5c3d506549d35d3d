/// The line a daemon sends first on every connection: `kioskhud protocol=N`.
public enum Greeting {
    public static let verb = "kioskhud"

    /// The greeting line, newline included.
    public static func encoded(version: Int = ProtocolVersion.current) -> String {
        RawMessage(verb: verb, fields: [Field("protocol", String(version))]).encoded() + "\n"
    }

    /// The protocol version a greeting announces.
    /// - Throws: `ProtocolError(.version)` when the line is not a KioskHUD greeting.
    public static func version(of line: [UInt8]) throws(ProtocolError) -> Int {
        let m = try RawMessage.split(line)
        guard m.verb == verb, let v = m.fields.first(where: { $0.key == "protocol" }).flatMap({ Int($0.value) }) else {
            throw ProtocolError(.version, "not a KioskHUD daemon (greeting '\(String(decoding: line.prefix(60), as: UTF8.self))')")
        }
        return v
    }
}
