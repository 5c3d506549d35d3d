/// How the bezel appears and disappears (`MBProgressHUDAnimation`).
public enum HUDAnimation: String, Hashable, Sendable, CaseIterable {
    /// Opacity only. Default.
    case fade
    /// In from 0.5×, out to 0.5×.
    case zoom
    /// In from 0.5×, out to 1.5×.
    case zoomIn
    /// In from 1.5×, out to 0.5×.
    case zoomOut

    /// The scale the bezel starts from when it appears from fully transparent.
    var appearingScale: Double {
        switch self {
        case .fade: return 1
        case .zoom, .zoomIn: return 0.5
        case .zoomOut: return 1.5
        }
    }

    /// The scale the bezel ends at when it disappears.
    var disappearingScale: Double {
        switch self {
        case .fade: return 1
        case .zoom, .zoomOut: return 0.5
        case .zoomIn: return 1.5
        }
    }

    /// MBProgressHUD's animation length.
    public static let duration: Duration = .milliseconds(300)
}
