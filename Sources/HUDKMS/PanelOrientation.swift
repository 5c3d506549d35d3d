import HUDCore

/// How a panel is mounted, from the connector's `panel orientation` property
/// (`DRM_MODE_PANEL_ORIENTATION_*`, set by the kernel from firmware quirks
/// or the device tree). The name says which side of the panel is up.
public enum PanelOrientation: UInt64, Sendable, Equatable {
    case normal = 0
    case bottomUp = 1
    case leftUp = 2
    case rightUp = 3

    /// The property's value; anything unknown (or `Unknown`, -1) is `normal`.
    public init(propertyValue: UInt64?) {
        self = propertyValue.flatMap(PanelOrientation.init(rawValue:)) ?? .normal
    }

    /// Degrees the picture must be turned clockwise in the buffer so it looks
    /// upright on the mounted panel: a panel whose left side is up shows the
    /// buffer's left column at the top, so the picture's top goes there (270).
    public var pictureRotation: ScreenRotation {
        switch self {
        case .normal: return .none
        case .bottomUp: return .upsideDown
        case .leftUp: return .counterClockwise90
        case .rightUp: return .clockwise90
        }
    }
}
