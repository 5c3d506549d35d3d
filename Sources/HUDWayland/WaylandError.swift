/// What went wrong with the Wayland output, each naming what was wrong.
public enum WaylandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libwayland-client could not be loaded (what was missing).
    case libraryMissing(String)
    /// No compositor answered on the socket (its path, errno's text).
    case noCompositor(String)
    /// The compositor lacks a global the HUD needs (its interface name).
    case missingGlobal(String)
    /// The connection failed or the compositor hung up (what it said).
    case connectionLost(String)
    /// A shared-memory buffer could not be made (the call and errno's text).
    case buffer(String)

    public var description: String {
        switch self {
        case .libraryMissing(let s): return s
        case .noCompositor(let s): return "no Wayland compositor: \(s)"
        case .missingGlobal("zwlr_layer_shell_v1"):
            return "the compositor has no zwlr_layer_shell_v1 (wlr-layer-shell): the HUD needs its overlay layer; "
                + "labwc, sway, wayfire, KWin, Hyprland and niri have it; cage, weston and GNOME do not"
        case .missingGlobal(let s): return "the compositor has no \(s)"
        case .connectionLost(let s): return "Wayland connection lost: \(s)"
        case .buffer(let s): return "Wayland buffer: \(s)"
        }
    }
}
