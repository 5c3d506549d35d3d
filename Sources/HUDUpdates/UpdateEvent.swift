/// What an updater reports, in the HUD's terms: every follower (SWUpdate,
/// RAUC) turns its tool's messages into these, and `UpdatePresenter` turns
/// them into requests to the daemon.
public enum UpdateEvent: Sendable, Hashable {
    /// An update begins: a new HUD, its label (nil: the presenter's default).
    case began(label: String?)
    /// Progress of the running update; nil leaves the label or details as they are.
    case progress(label: String?, details: String?, percent: Double)
    /// The update ended: the success or failure mark, and why it failed
    /// (nil when the tool said nothing).
    case ended(success: Bool, reason: String?)
}
