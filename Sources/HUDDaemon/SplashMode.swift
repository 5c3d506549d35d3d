/// What the splash is up for, as Plymouth's `--mode`: `hud daemon --mode`,
/// reported by `status` as `splash-mode=`.
public enum SplashMode: String, CaseIterable, Sendable, CustomStringConvertible {
    case boot
    case shutdown
    case reboot
    case updates
    case systemUpgrade = "system-upgrade"
    case firmwareUpgrade = "firmware-upgrade"

    public var description: String { rawValue }
}
