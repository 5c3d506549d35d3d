/// A key going down or up, translated through the keymap.
public struct KeyPress: Sendable, Equatable {
    /// The key's meaning in the layout, with the modifiers held when it went down.
    public var key: Key
    /// What it types, as UTF-8 (`xkb_state_key_get_utf8`): only printable
    /// text, never control characters; nil for named keys, modifiers, and
    /// anything pressed with Ctrl held.
    public var text: String?
    /// Modifiers in effect when the key changed (before its own change).
    public var modifiers: KeyModifiers
    public var state: PressState
    /// The Linux key code (`KEY_A` is 30), as libinput reports it.
    public var code: UInt32

    public init(key: Key, text: String?, modifiers: KeyModifiers, state: PressState, code: UInt32) {
        self.key = key
        self.text = text
        self.modifiers = modifiers
        self.state = state
        self.code = code
    }

    /// Ctrl-C pressed (Shift or not): what a passphrase prompt takes as "cancel".
    public var isControlC: Bool {
        state == .pressed && modifiers.contains(.control) && (key == .symbol("c") || key == .symbol("C"))
    }
}
