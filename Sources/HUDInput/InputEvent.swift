/// One thing that happened on an input device, in screen terms: what an
/// `InputMonitor` hands its handler, on the loop's thread.
public enum InputEvent: Sendable, Equatable {
    /// A key went down or up (`LIBINPUT_EVENT_KEYBOARD_KEY`, translated by xkbcommon).
    case key(KeyPress)
    /// A finger touched, moved or lifted (`LIBINPUT_EVENT_TOUCH_DOWN`, `_MOTION`, `_UP`, `_CANCEL`).
    case touch(TouchEvent)
    /// The pointer moved or a button changed (`LIBINPUT_EVENT_POINTER_MOTION`, `_MOTION_ABSOLUTE`, `_BUTTON`).
    case pointer(PointerEvent)
    /// libinput took a device (`LIBINPUT_EVENT_DEVICE_ADDED`).
    case deviceAdded(InputDeviceInfo)
    /// A device went away (`LIBINPUT_EVENT_DEVICE_REMOVED`).
    case deviceRemoved(InputDeviceInfo)
}
