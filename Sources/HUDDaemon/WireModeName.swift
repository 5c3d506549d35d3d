import HUDCore
import HUDProtocol

/// The protocol's name for a `HUDMode`, for logs and `status`.
enum WireModeName {
    static func of(_ mode: HUDMode) -> String { WireMode(mode).rawValue }
}
