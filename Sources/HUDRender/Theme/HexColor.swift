import HUDCore

/// Colours written as `#rgb`, `#rrggbb` or `#rrggbbaa` (straight alpha).
public enum HexColor {
    public static func parse(_ text: String) -> HUDColor? {
        var digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#") else { return nil }
        digits.removeFirst()
        var values: [Double] = []
        func hex(_ b: UInt8) -> Int? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A")) + 10
            default: return nil
            }
        }
        switch digits.count {
        case 3:
            for b in digits { guard let v = hex(b) else { return nil }; values.append(Double(v * 17) / 255) }
        case 6, 8:
            for i in stride(from: 0, to: digits.count, by: 2) {
                guard let hi = hex(digits[i]), let lo = hex(digits[i + 1]) else { return nil }
                values.append(Double(hi * 16 + lo) / 255)
            }
        default: return nil
        }
        return HUDColor(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
    }
}
