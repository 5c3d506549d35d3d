#if canImport(Glibc)
import Glibc
#endif
internal import CInput
import HUDSystem

/// What an evdev device reports (`EVIOCGBIT`, `EVIOCGPROP` bitmasks), and
/// the `ID_INPUT_*` classes udev's input_id would give it: libinput takes
/// only devices tagged so, and where udev is not running (an initramfs)
/// nobody else tags them. The rules follow input_id's: a full keyboard has
/// Esc through the first letter row; absolute X/Y with a pen is a tablet,
/// with a finger tool and not direct a touchpad, with a mouse button a
/// mouse (QEMU's and VMware's tablets), with touch or direct a
/// touchscreen; relative X/Y with a mouse button a mouse.
public struct EvdevCapabilities: Sendable, Equatable {
    public var events: [UInt8]
    public var keys: [UInt8]
    public var relative: [UInt8]
    public var absolute: [UInt8]
    public var properties: [UInt8]

    public init(events: [UInt8] = [], keys: [UInt8] = [], relative: [UInt8] = [], absolute: [UInt8] = [], properties: [UInt8] = []) {
        self.events = events
        self.keys = keys
        self.relative = relative
        self.absolute = absolute
        self.properties = properties
    }

    /// Bitmasks with these codes set (for tests and callers that know them).
    public init(events: [Int], keys: [Int] = [], relative: [Int] = [], absolute: [Int] = [], properties: [Int] = []) {
        func bits(_ codes: [Int]) -> [UInt8] {
            var b = [UInt8](repeating: 0, count: (codes.max() ?? 0) / 8 + 1)
            for c in codes { b[c / 8] |= 1 << (c % 8) }
            return b
        }
        self.init(events: bits(events), keys: bits(keys), relative: bits(relative), absolute: bits(absolute), properties: bits(properties))
    }

    /// Reads them from an open evdev fd (`ioctl(EVIOCGBIT)`, `ioctl(EVIOCGPROP)`).
    /// - Throws: `SystemError` naming the ioctl and `path`.
    public init(reading fd: FileDescriptor, path: String) throws(SystemError) {
        func read(_ request: UInt, _ count: Int, _ name: String) throws(SystemError) -> [UInt8] {
            var b = [UInt8](repeating: 0, count: count)
            let n = b.withUnsafeMutableBytes { ioctl(fd.rawValue, request, $0.baseAddress!) }
            guard n >= 0 else { throw SystemError(call: "ioctl(\(name))", subject: path, errno: .current) }
            return b
        }
        events = try read(UInt(kiosk_EVIOCGBIT_EV), Int(EV_MAX) / 8 + 1, "EVIOCGBIT")
        keys = try read(UInt(kiosk_EVIOCGBIT_KEY), Int(KEY_MAX) / 8 + 1, "EVIOCGBIT(EV_KEY)")
        relative = try read(UInt(kiosk_EVIOCGBIT_REL), Int(REL_MAX) / 8 + 1, "EVIOCGBIT(EV_REL)")
        absolute = try read(UInt(kiosk_EVIOCGBIT_ABS), Int(ABS_MAX) / 8 + 1, "EVIOCGBIT(EV_ABS)")
        properties = (try? read(UInt(kiosk_EVIOCGPROP), Int(INPUT_PROP_MAX) / 8 + 1, "EVIOCGPROP")) ?? []
    }

    private static func has(_ bits: [UInt8], _ code: Int) -> Bool {
        code / 8 < bits.count && bits[code / 8] & (1 << (code % 8)) != 0
    }

    private func key(_ code: Int) -> Bool { Self.has(keys, code) && Self.has(events, 1) }  // EV_KEY
    private func rel(_ code: Int) -> Bool { Self.has(relative, code) && Self.has(events, 2) }  // EV_REL
    private func abs(_ code: Int) -> Bool { Self.has(absolute, code) && Self.has(events, 3) }  // EV_ABS

    /// The `ID_INPUT_*` properties udev's input_id would set, without
    /// `ID_INPUT` itself; empty for a device that is none of them.
    public var udevClasses: [String] {
        var classes: [String] = []
        let pen = key(0x140) || key(0x14b)             // BTN_TOOL_PEN, BTN_STYLUS
        let finger = key(0x145) && !pen                // BTN_TOOL_FINGER
        let mouseButton = key(0x110)                   // BTN_LEFT
        let touch = key(0x14a)                         // BTN_TOUCH
        let direct = Self.has(properties, 1)           // INPUT_PROP_DIRECT
        var pointer: String?
        if abs(0) && abs(1) {                          // ABS_X, ABS_Y
            if pen { pointer = "ID_INPUT_TABLET" }
            else if finger && !direct { pointer = "ID_INPUT_TOUCHPAD" }
            else if mouseButton { pointer = "ID_INPUT_MOUSE" }
            else if touch || direct { pointer = "ID_INPUT_TOUCHSCREEN" }
        }
        if pointer == nil, abs(0x35) && abs(0x36) {     // ABS_MT_POSITION_X, _Y
            if pen { pointer = "ID_INPUT_TABLET" }
            else if finger && !direct { pointer = "ID_INPUT_TOUCHPAD" }
            else if touch || direct { pointer = "ID_INPUT_TOUCHSCREEN" }
        }
        if pointer == nil, rel(0) && rel(1) && mouseButton { pointer = "ID_INPUT_MOUSE" }  // REL_X, REL_Y
        if let pointer { classes.append(pointer) }
        // Keys: anything below the button ranges, or the keys after them.
        if (1..<0x100).contains(where: key) || (0x160..<0x2c0).contains(where: key) {
            classes.append("ID_INPUT_KEY")
            if (1..<32).allSatisfy(key) { classes.append("ID_INPUT_KEYBOARD") }  // Esc … the first letter row
        }
        if Self.has(events, 5) { classes.append("ID_INPUT_SWITCH") }  // EV_SW: lid, tablet mode
        return classes
    }
}
