/// A mouse or tablet button (Linux `BTN_*` codes).
public enum PointerButton: Sendable, Hashable, CustomStringConvertible {
    case left
    case right
    case middle
    /// Any other `BTN_*` code.
    case other(UInt32)

    /// The button for a Linux code: `BTN_LEFT` (0x110), `BTN_RIGHT`, `BTN_MIDDLE`, or other.
    public init(code: UInt32) {
        switch code {
        case 0x110: self = .left
        case 0x111: self = .right
        case 0x112: self = .middle
        default: self = .other(code)
        }
    }

    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .middle: "middle"
        case .other(let code): "button-\(code)"
        }
    }
}
