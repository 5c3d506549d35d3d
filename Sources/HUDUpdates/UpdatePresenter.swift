import HUDProtocol

/// Turns `UpdateEvent`s into requests to the `hud` daemon, the same way for
/// every updater: a new HUD with a progress indicator for each update, its
/// label, details and percentage as they change, and at the end
/// MBProgressHUD's success or failure mark with the reason as details, hidden
/// after `keepSeconds` (themes have no min-show time to take it from:
/// `hud follow --keep`, 2 s by default).
public struct UpdatePresenter: Sendable {
    /// The indicator while an update runs (bar by default).
    public var mode: WireMode
    /// How long the end mark stays before the HUD hides.
    public var keepSeconds: Double
    /// What the tool is called in texts, e.g. "SWUpdate".
    public var toolName: String
    /// Whether an update is being shown (began, not yet ended).
    public private(set) var isActive = false

    /// How long the end mark stays unless told: long enough to be read.
    public static let defaultKeepSeconds: Double = 2

    public init(toolName: String, mode: WireMode = .bar, keepSeconds: Double = defaultKeepSeconds) {
        self.toolName = toolName
        self.mode = mode
        self.keepSeconds = keepSeconds
    }

    public static let defaultLabel = "Installing update"
    public static let successLabel = "Update installed"
    public static let failureLabel = "Update failed"

    /// The requests that show `event`.
    public mutating func requests(for event: UpdateEvent) -> [Request] {
        switch event {
        case .began(let label):
            isActive = true
            return [.show(HUDSettings(mode: mode, label: UpdateText.label(label ?? Self.defaultLabel), details: "",
                                      progressPercent: 0, animated: true))]
        case .progress(let label, let details, let percent):
            var out: [Request] = []
            if !isActive { out += requests(for: .began(label: label)) }
            let p = (min(max(percent, 0), 100) * 10).rounded() / 10
            out.append(.show(HUDSettings(label: label.map(UpdateText.label), details: details.map(UpdateText.details),
                                         progressPercent: p)))
            return out
        case .ended(let success, let reason):
            isActive = false
            let details = reason.map(UpdateText.details) ?? (success ? "" : "\(toolName) gave no reason; see its log")
            return [.show(HUDSettings(mode: success ? .success : .failure,
                                      label: success ? Self.successLabel : Self.failureLabel, details: details)),
                    .hide(afterSeconds: keepSeconds, animated: true)]
        }
    }

    /// When the tool goes away in the middle of an update: the failure mark, saying so.
    public mutating func lostTool() -> [Request] {
        guard isActive else { return [] }
        return requests(for: .ended(success: false, reason: "\(toolName) stopped before the update ended"))
    }
}
