internal import CInput
internal import CLazyInput
import HUDSystem

/// An xkbcommon keymap and its state: turns Linux key codes, down and up,
/// into `KeyPress`es in a layout (`xkb_keymap_new_from_names`,
/// `xkb_state_update_key`, `xkb_state_key_get_one_sym`, `xkb_state_key_get_utf8`).
/// Not thread-safe: one owner uses it from one thread at a time.
public final class Keymap: @unchecked Sendable {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// The layout it was compiled for; nil for a keymap given whole (`init(text:)`).
    public let layout: KeyboardLayout?

    /// Compiles the keymap for `layout` from xkeyboard-config's files
    /// (`/usr/share/X11/xkb`, or `includePath` alone when given).
    /// - Throws: `SystemError` naming `dlopen` (no libxkbcommon),
    ///   `xkb_context_new`, `xkb_keymap_new_from_names` (an unknown layout, no
    ///   xkeyboard-config) or `xkb_state_new`.
    public init(layout: KeyboardLayout = KeyboardLayout(), includePath: String? = nil) throws(SystemError) {
        try InputLibraries.load()
        self.layout = layout
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw SystemError(call: "xkb_context_new", subject: layout.description)
        }
        // Its errors are ours to report (the SystemError below), not stderr's.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        if let includePath {
            xkb_context_include_path_clear(context)
            _ = xkb_context_include_path_append(context, includePath)
        }
        let compiled: OpaquePointer? = layout.rules.withCString { rules in
            layout.model.withCString { model in
                layout.layout.withCString { name in
                    layout.variant.withCString { variant in
                        layout.options.withCString { options in
                            var names = xkb_rule_names(rules: rules, model: model, layout: name, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let keymap = compiled else {
            xkb_context_unref(context)
            throw SystemError(call: "xkb_keymap_new_from_names",
                              subject: "rules \(layout.rules), model \(layout.model), layout \(layout)",
                              detail: "no such layout, or xkeyboard-config (xkb-data) is not installed\(includePath.map { " in \($0)" } ?? "")")
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw SystemError(call: "xkb_state_new", subject: layout.description)
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    /// Compiles a keymap given whole in xkb's text format, as a Wayland
    /// compositor hands its keymap to clients (`wl_keyboard.keymap`):
    /// `xkb_keymap_new_from_string` with `XKB_KEYMAP_FORMAT_TEXT_V1`.
    /// - Throws: `SystemError` naming `dlopen` (no libxkbcommon),
    ///   `xkb_context_new`, `xkb_keymap_new_from_string` (not a keymap) or `xkb_state_new`.
    public init(text: String) throws(SystemError) {
        try InputLibraries.load()
        layout = nil
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw SystemError(call: "xkb_context_new", subject: "a keymap's text")
        }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        guard let keymap = text.withCString({ xkb_keymap_new_from_string(context, $0, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) }) else {
            xkb_context_unref(context)
            throw SystemError(call: "xkb_keymap_new_from_string", subject: "a keymap's text (\(text.utf8.count) bytes)",
                              detail: "not a keymap in xkb's text format")
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw SystemError(call: "xkb_state_new", subject: "a keymap's text")
        }
        self.context = context
        self.keymap = keymap
        self.state = state
    }

    /// The modifiers and group as the compositor says they are
    /// (`wl_keyboard.modifiers`; `xkb_state_update_mask`): they override
    /// what the keys seen so far implied (keys pressed while another surface had focus).
    public func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// The key `code` (Linux `KEY_*`, as evdev and libinput number them) went
    /// down or up: what it means with the modifiers held now, then the state
    /// updated (so Shift held makes the next letter upper case).
    public func translate(code: UInt32, _ direction: PressState) -> KeyPress {
        let keycode = xkb_keycode_t(code + 8)  // XKB keycodes are evdev's + 8
        let modifiers = activeModifiers()
        let sym = xkb_state_key_get_one_sym(state, keycode)
        var press = KeyPress(key: Keymap.key(for: sym), text: nil, modifiers: modifiers, state: direction, code: code)
        if direction == .pressed, !modifiers.contains(.control), case .symbol = press.key {
            press.text = printable(utf8(keycode))
        }
        _ = xkb_state_update_key(state, keycode, direction == .pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return press
    }

    private func activeModifiers() -> KeyModifiers {
        var m = KeyModifiers()
        let effective = XKB_STATE_MODS_EFFECTIVE
        if xkb_state_mod_name_is_active(state, kiosk_XKB_MOD_NAME_SHIFT, effective) > 0 { m.insert(.shift) }
        if xkb_state_mod_name_is_active(state, kiosk_XKB_MOD_NAME_CTRL, effective) > 0 { m.insert(.control) }
        if xkb_state_mod_name_is_active(state, kiosk_XKB_MOD_NAME_ALT, effective) > 0 { m.insert(.alt) }
        if xkb_state_mod_name_is_active(state, kiosk_XKB_MOD_NAME_LOGO, effective) > 0 { m.insert(.logo) }
        if xkb_state_mod_name_is_active(state, kiosk_XKB_MOD_NAME_CAPS, effective) > 0 { m.insert(.capsLock) }
        return m
    }

    private func utf8(_ keycode: xkb_keycode_t) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = xkb_state_key_get_utf8(state, keycode, &buffer, buffer.count)
        guard n > 0, n < buffer.count else { return "" }
        return String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `text` when it has something to show and no control characters.
    private func printable(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        let control = text.unicodeScalars.contains { $0.properties.generalCategory == .control }
        return control ? nil : text
    }

    static func key(for sym: xkb_keysym_t) -> Key {
        switch Int32(bitPattern: sym) {
        case XKB_KEY_Return, XKB_KEY_KP_Enter: return .enter
        case XKB_KEY_BackSpace: return .backspace
        case XKB_KEY_Escape: return .escape
        case XKB_KEY_Tab, XKB_KEY_ISO_Left_Tab: return .tab
        case XKB_KEY_Up, XKB_KEY_KP_Up: return .up
        case XKB_KEY_Down, XKB_KEY_KP_Down: return .down
        case XKB_KEY_Left, XKB_KEY_KP_Left: return .left
        case XKB_KEY_Right, XKB_KEY_KP_Right: return .right
        default:
            var buffer = [CChar](repeating: 0, count: 64)
            let n = xkb_keysym_get_name(sym, &buffer, buffer.count)
            guard n > 0 else { return .symbol("0x" + String(sym, radix: 16)) }
            return .symbol(String(decoding: buffer[0..<min(Int(n), buffer.count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}
