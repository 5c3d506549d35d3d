/// A press, move or release on one of our surfaces, from a pointer's left
/// button or a touch (the first finger), in surface-local points.
enum WaylandPointerEvent {
    case down(surface: OpaquePointer, x: Double, y: Double)
    case moved(surface: OpaquePointer, x: Double, y: Double)
    case up(surface: OpaquePointer, x: Double, y: Double)
    case cancelled
}
