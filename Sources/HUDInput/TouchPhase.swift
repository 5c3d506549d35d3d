/// The stage of one touch.
public enum TouchPhase: Sendable, Equatable {
    case down
    case motion
    case up
    /// The touch sequence was cancelled (a palm, a device gone).
    case cancel
}
