/// One touch point changing.
public struct TouchEvent: Sendable, Equatable {
    public var phase: TouchPhase
    /// The touch's slot (`libinput_event_touch_get_slot`): which finger; 0 on single-touch screens.
    public var slot: Int
    /// Where, in screen pixels (`libinput_event_touch_get_x_transformed`); nil for up and cancel.
    public var position: ScreenPoint?

    public init(phase: TouchPhase, slot: Int, position: ScreenPoint?) {
        self.phase = phase
        self.slot = slot
        self.position = position
    }
}
