/// What the splash is up for, as Plymouth's `--mode`: `hud daemon --mode`,
/// `plymouthd --mode`, Plymouth's `change-mode` request, and `status`'s
/// `splash-mode=`. The one table of these names.
public enum SplashMode: String, CaseIterable, Sendable, CustomStringConvertible {
    case boot
    case shutdown
    case reboot
    case updates
    case systemUpgrade = "system-upgrade"
    case firmwareUpgrade = "firmware-upgrade"

    public var description: String { rawValue }

    /// The name in Plymouth's `change-mode` request: `boot-up` for boot, else the same.
    public var changeModeName: String { self == .boot ? "boot-up" : rawValue }

    /// The mode a `change-mode` request names; nil for a name Plymouth does not know.
    public init?(changeModeName name: String) {
        if name == "boot-up" {
            self = .boot
            return
        }
        guard name != SplashMode.boot.rawValue, let mode = SplashMode(rawValue: name) else { return nil }
        self = mode
    }
}
