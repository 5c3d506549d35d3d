/// Reads typed values out of a message's fields, checking each against its
/// range, and rejects keys the command does not take.
struct FieldReader {
    let verb: String
    private var fields: [Field]

    init(_ message: RawMessage) {
        verb = message.verb
        fields = message.fields
    }

    /// Fails on the first key no `take…` call consumed.
    func finish() throws(ProtocolError) {
        if let extra = fields.first {
            throw ProtocolError(.unknownKey, "'\(verb)' takes no key '\(extra.key)'")
        }
    }

    mutating func take(_ key: String) -> String? {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return nil }
        return fields.remove(at: index).value
    }

    mutating func text(_ key: String, maxBytes: Int, multiline: Bool) throws(ProtocolError) -> String? {
        guard let v = take(key) else { return nil }
        guard v.utf8.count <= maxBytes else {
            throw ProtocolError(.badValue, "\(key) is \(v.utf8.count) bytes, at most \(maxBytes) allowed")
        }
        if !multiline, v.utf8.contains(0x0A) {
            throw ProtocolError(.badValue, "\(key) must be one line")
        }
        return v
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>, unit: String) throws(ProtocolError) -> Double? {
        guard let v = take(key) else { return nil }
        guard let d = Self.decimal(v) else {
            throw ProtocolError(.badValue, "\(key)=\(Self.clip(v)) is not a decimal number")
        }
        guard range.contains(d) else {
            throw ProtocolError(.badValue, "\(key)=\(Self.clip(v)) is outside \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))\(unit)")
        }
        // Values carry six decimals, as the encoder writes them: a parsed
        // request then encodes and parses back to itself.
        return (d * 1_000_000).rounded() / 1_000_000
    }

    mutating func integer(_ key: String) throws(ProtocolError) -> Int? {
        guard let v = take(key) else { return nil }
        guard v.utf8.count <= 9, let n = Int(v), n >= 0 else {
            throw ProtocolError(.badValue, "\(key)=\(Self.clip(v)) is not a small non-negative integer")
        }
        return n
    }

    mutating func bool(_ key: String) throws(ProtocolError) -> Bool? {
        guard let v = take(key) else { return nil }
        switch v {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw ProtocolError(.badValue, "\(key)=\(Self.clip(v)) is not true or false")
        }
    }

    /// Digits with an optional sign, point and fraction; no exponents, hex,
    /// `inf` or `nan`, which `Double(_:)` would take.
    static func decimal(_ s: String) -> Double? {
        let bytes = Array(s.utf8)
        guard !bytes.isEmpty, bytes.count <= 32 else { return nil }
        var i = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { i = 1 }
        var digits = 0, points = 0
        for b in bytes[i...] {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { digits += 1 } else if b == UInt8(ascii: ".") { points += 1 } else { return nil }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(s)
    }

    static func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }

    /// A value cut short for an error message.
    static func clip(_ s: String) -> String {
        s.count <= 40 ? "'\(s)'" : "'\(s.prefix(40))…'"
    }
}
