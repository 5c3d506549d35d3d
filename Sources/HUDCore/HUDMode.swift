/// What the bezel shows above its labels (MBProgressHUD's `MBProgressHUDMode`,
/// plus the success and failure marks its users asked for).
public enum HUDMode: Hashable, Sendable {
    /// A spinning activity indicator (`MBProgressHUDModeIndeterminate`). Default.
    case indeterminate
    /// A pie filling with progress (`MBProgressHUDModeDeterminate`).
    case determinate
    /// A horizontal bar (`MBProgressHUDModeDeterminateHorizontalBar`).
    case determinateHorizontalBar
    /// A ring filling with progress (`MBProgressHUDModeAnnularDeterminate`).
    case annularDeterminate
    /// An image from a PNG file (`MBProgressHUDModeCustomView`).
    case customImage(path: String)
    /// A check mark.
    case success
    /// A cross.
    case failure
    /// Labels only (`MBProgressHUDModeText`).
    case text

    /// Whether the indicator draws `progress`.
    public var showsProgress: Bool {
        switch self {
        case .determinate, .determinateHorizontalBar, .annularDeterminate: return true
        default: return false
        }
    }
}
