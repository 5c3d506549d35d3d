/// What Plymouth's splash is up for: the argument of `change-mode` (`C`) and
/// of `plymouthd --mode`.
public enum PlymouthMode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case bootUp = "boot-up"
    case shutdown
    case reboot
    case updates
    case systemUpgrade = "system-upgrade"
    case firmwareUpgrade = "firmware-upgrade"

    public var description: String { rawValue }
}
