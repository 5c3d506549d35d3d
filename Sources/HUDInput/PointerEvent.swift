/// The pointer moving, or one of its buttons changing, in screen pixels.
public enum PointerEvent: Sendable, Equatable {
    /// The pointer is now at this position: relative motion accumulated and
    /// kept on the screen, or a tablet's absolute position scaled to it.
    case motion(ScreenPoint)
    /// A button went down or up with the pointer at this position.
    case button(PointerButton, PressState, at: ScreenPoint)
}
