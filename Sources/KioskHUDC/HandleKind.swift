/// What a live C handle points at.
enum HandleKind: Sendable {
    case stack
    case hud
    case screen
    case layer
    case plane
}
