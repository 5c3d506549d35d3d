/// Size and value limits every message is checked against (docs/protocol.md).
public enum ProtocolLimits {
    /// One message, its newline included.
    public static let maxLineBytes = 4096
    /// A `label` or `message` text, in UTF-8 bytes.
    public static let maxLabelBytes = 512
    /// A `details` text, in UTF-8 bytes.
    public static let maxDetailsBytes = 2048
    /// A `button` title, in UTF-8 bytes.
    public static let maxButtonTitleBytes = 128
    /// A custom image path, in bytes.
    public static let maxPathBytes = 1024
    /// `grace` and `min-show`, in seconds.
    public static let maxShowTimeSeconds: Double = 60
    /// `hide after=`, in seconds.
    public static let maxHideDelaySeconds: Double = 3600
}
