import HUDCore

/// `--output none`: the daemon keeps the HUD's state and answers clients but
/// draws nothing. For hosts without a display and for protocol tests.
public final class NoOutput: HUDOutput {
    public private(set) var framesDrawn = 0
    public var summary: String { "none" }
    /// Nothing is drawn, so nothing is ever pending.
    public var isSettled: Bool { true }
    /// Nothing to let go of: only whether `deactivate` was the last word.
    public private(set) var holdsDisplay = true
    /// Nothing shows a prompt: none is asked.
    public var readsKeys: Bool { false }

    public init() {}

    public func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) {}
    public func apply(theme: DaemonTheme) {}
    public func stop(retainPicture: Bool) {}
    public func deactivate() { holdsDisplay = false }
    public func reactivate() { holdsDisplay = true }
}
