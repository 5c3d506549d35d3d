/// The indicator named in `mode=` (HUDCore's `HUDMode`, by wire name).
public enum WireMode: String, Hashable, Sendable, CaseIterable {
    /// A spinner. Also accepted as `spinner`.
    case indeterminate
    /// A pie. Also accepted as `pie`.
    case determinate
    /// A horizontal bar. Also accepted as `determinateHorizontalBar`.
    case bar
    /// A ring. Also accepted as `annular` and `annularDeterminate`.
    case ring
    /// A check mark.
    case success
    /// A cross.
    case failure
    /// Labels only.
    case text
    /// A PNG given by `image=PATH`.
    case image

    /// The mode for a wire name or alias; nil for an unknown name.
    public init?(wireName: String) {
        switch wireName {
        case "spinner": self = .indeterminate
        case "pie": self = .determinate
        case "annular", "annularDeterminate": self = .ring
        case "determinateHorizontalBar": self = .bar
        default: self.init(rawValue: wireName)
        }
    }

    /// The wire names accepted, for error messages and help.
    public static let namesList = allCases.map(\.rawValue).joined(separator: ", ")
}
