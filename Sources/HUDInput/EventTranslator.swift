internal import CInput
import HUDSystem

/// Turns libinput's events into `InputEvent`s: keys through the keymap,
/// touch positions scaled to the screen (`libinput_event_touch_get_x_transformed`),
/// the pointer's position kept (`PointerPosition`). Used on one thread.
final class EventTranslator {
    let keymap: Keymap
    private(set) var pointer: PointerPosition
    private var touches: [Int: ScreenPoint] = [:]
    let screen: ScreenSize
    let directory: String

    init(keymap: Keymap, screen: ScreenSize, directory: String) {
        self.keymap = keymap
        self.screen = screen
        self.directory = directory
        pointer = PointerPosition(screen: screen)
    }

    func translate(_ event: OpaquePointer) -> InputEvent? {
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED, LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let device = libinput_event_get_device(event) else { return nil }
            let info = self.info(device)
            return type == LIBINPUT_EVENT_DEVICE_ADDED ? .deviceAdded(info) : .deviceRemoved(info)
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let key = libinput_event_get_keyboard_event(event) else { return nil }
            let state: PressState = libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED ? .pressed : .released
            return .key(keymap.translate(code: libinput_event_keyboard_get_key(key), state))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let slot = Int(max(0, libinput_event_touch_get_slot(touch)))
            let at = screen.clamped(ScreenPoint(x: libinput_event_touch_get_x_transformed(touch, UInt32(screen.width)),
                                                y: libinput_event_touch_get_y_transformed(touch, UInt32(screen.height))))
            touches[slot] = at
            return .touch(TouchEvent(phase: type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .motion, slot: slot, position: at))
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let slot = Int(max(0, libinput_event_touch_get_slot(touch)))
            // Where the finger was last: libinput gives an up no position.
            let at = touches.removeValue(forKey: slot)
            return .touch(TouchEvent(phase: type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel, slot: slot, position: at))
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            pointer.move(dx: libinput_event_pointer_get_dx(p), dy: libinput_event_pointer_get_dy(p))
            return .pointer(.motion(pointer.point))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            pointer.set(ScreenPoint(x: libinput_event_pointer_get_absolute_x_transformed(p, UInt32(screen.width)),
                                    y: libinput_event_pointer_get_absolute_y_transformed(p, UInt32(screen.height))))
            return .pointer(.motion(pointer.point))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            let state: PressState = libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED ? .pressed : .released
            return .pointer(.button(PointerButton(code: libinput_event_pointer_get_button(p)), state, at: pointer.point))
        default:
            return nil
        }
    }

    func info(_ device: OpaquePointer) -> InputDeviceInfo {
        var caps = InputCapabilities()
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { caps.insert(.keyboard) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { caps.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { caps.insert(.touch) }
        let sysname = libinput_device_get_sysname(device).map { String(cString: $0) } ?? "?"
        let name = libinput_device_get_name(device).map { String(cString: $0) } ?? ""
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return InputDeviceInfo(path: base + sysname, name: name, capabilities: caps)
    }
}
