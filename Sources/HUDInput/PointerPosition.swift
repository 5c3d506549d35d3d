/// Where the pointer is: relative motion (a mouse, `libinput_event_pointer_get_dx`)
/// moves it and keeps it on the screen; absolute motion (a tablet) sets it.
/// Starts in the middle of the screen.
public struct PointerPosition: Sendable, Equatable {
    public private(set) var point: ScreenPoint
    public var screen: ScreenSize

    public init(screen: ScreenSize) {
        self.screen = screen
        point = ScreenPoint(x: Double(screen.width) / 2, y: Double(screen.height) / 2)
    }

    /// Moves by (dx, dy) pixels, clamped to the screen.
    public mutating func move(dx: Double, dy: Double) {
        point = screen.clamped(ScreenPoint(x: point.x + dx, y: point.y + dy))
    }

    /// Goes to a position already in screen pixels, clamped to the screen.
    public mutating func set(_ position: ScreenPoint) {
        point = screen.clamped(position)
    }
}
