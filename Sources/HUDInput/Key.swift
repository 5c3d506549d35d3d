/// What a key means in the current layout: the keys a prompt acts on by
/// name, anything else by its xkbcommon keysym name (`xkb_keysym_get_name`:
/// `a`, `B`, `Shift_L`, `F1`).
public enum Key: Sendable, Hashable {
    /// Return or the keypad's Enter.
    case enter
    case backspace
    case escape
    /// Tab, or Shift-Tab (`ISO_Left_Tab`).
    case tab
    case up
    case down
    case left
    case right
    /// Any other keysym, by name.
    case symbol(String)
}
