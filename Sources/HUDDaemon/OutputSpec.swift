/// The `--output` choice: `auto`, `kms[:DEVICE]`, `fbdev[:DEVICE]`, `none` or `png:DIR`.
public enum OutputSpec: Hashable, Sendable, CustomStringConvertible {
    /// KMS when a usable DRM card exists, else none (with a warning).
    case auto
    /// A DRM card; nil picks the first usable one.
    case kms(device: String?)
    /// An fbdev framebuffer; nil means `/dev/fb0`.
    case fbdev(device: String?)
    case none
    /// Frames written as PNG files into a directory (headless hosts, tests).
    case png(directory: String)
    /// A Wayland compositor's overlay layer (wlr-layer-shell); nil socket: `$WAYLAND_DISPLAY`.
    case wayland(socket: String?)

    /// - Throws: `DaemonError.badOutput` for anything else.
    public init(parsing text: String) throws(DaemonError) {
        switch text {
        case "auto": self = .auto
        case "kms": self = .kms(device: nil)
        case "none": self = .none
        case "fbdev": self = .fbdev(device: nil)
        case "wayland": self = .wayland(socket: nil)
        default:
            if text.hasPrefix("kms:"), text.count > 4 {
                self = .kms(device: String(text.dropFirst(4)))
            } else if text.hasPrefix("fbdev:"), text.count > 6 {
                self = .fbdev(device: String(text.dropFirst(6)))
            } else if text.hasPrefix("wayland:"), text.count > 8 {
                self = .wayland(socket: String(text.dropFirst(8)))
            } else if text.hasPrefix("png:"), text.count > 4 {
                self = .png(directory: String(text.dropFirst(4)))
            } else {
                throw .badOutput(text)
            }
        }
    }

    public var description: String {
        switch self {
        case .auto: return "auto"
        case .kms(let d): return d.map { "kms:\($0)" } ?? "kms"
        case .fbdev(let d): return d.map { "fbdev:\($0)" } ?? "fbdev"
        case .none: return "none"
        case .png(let d): return "png:\(d)"
        case .wayland(let s): return s.map { "wayland:\($0)" } ?? "wayland"
        }
    }
}
