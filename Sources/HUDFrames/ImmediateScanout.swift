import HUDCore

/// A scanout whose buffer is on screen as soon as `present` returns (fbdev's
/// copy, memory): there is no completion event to wait for or to read, and
/// nothing to set up again after a VT switch.
public protocol ImmediateScanout: Scanout {}

extension ImmediateScanout {
    public func suspend() {}
    public func resume() {}
    public func setWakesOnCompletion(_ wakes: Bool) {}
    public func collectCompletions() {}
    public func waitForCompletion(timeout: Duration) {}
}
