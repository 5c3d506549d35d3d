/// The timers a HUD's lifecycle can have running, at most one of each.
public enum HUDTimer: Hashable, Sendable, CaseIterable {
    /// Fires when `graceTime` has passed since `show`.
    case grace
    /// Fires when `minShowTime` has passed since the HUD appeared, to carry out a waiting hide.
    case minShow
    /// `hide(afterDelay:)`.
    case delayedHide
    /// The end of the show or hide animation.
    case animationEnd
}
