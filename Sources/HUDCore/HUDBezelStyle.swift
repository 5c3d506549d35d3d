/// How the bezel's backdrop is drawn (`MBProgressHUDBackgroundStyle` of the bezel).
public enum HUDBezelStyle: String, Hashable, Sendable, CaseIterable {
    /// What lies under the bezel, blurred, then tinted with the bezel colour. Default.
    case blur
    /// The bezel colour alone.
    case solidColor
}
