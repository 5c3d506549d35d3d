import HUDSystem
/// What the lifecycle asks its owner to do after an event.
public enum HUDLifecycleAction: Hashable, Sendable {
    /// Start (or restart) this timer to fire at the instant.
    case schedule(HUDTimer, at: HUDInstant)
    /// Stop this timer if it runs.
    case cancel(HUDTimer)
    /// The HUD is gone: call the completion handler, then the delegate's
    /// `hudWasHidden`, then remove it if `removesWhenHidden`. Exactly once per show.
    case didHide
}
