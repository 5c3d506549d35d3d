/// A handle to one HUD in a `HUDStack`. Cheap to copy and to send anywhere;
/// every call runs on the stack's loop. Calls on a HUD that was removed do nothing.
public struct HUD: Hashable, Sendable {
    /// Unique within its stack, never reused.
    public let id: Int
    /// The stack that owns this HUD's state.
    public let stack: HUDStack

    public static func == (a: HUD, b: HUD) -> Bool { a.id == b.id && a.stack === b.stack }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(ObjectIdentifier(stack))
    }

    /// Shows the HUD, after `graceTime` if set (`showAnimated:`).
    public func show(animated: Bool = true) async { await stack.show(self, animated: animated) }

    /// Hides the HUD once it has been up `minShowTime` (`hideAnimated:`).
    public func hide(animated: Bool = true) async { await stack.hide(self, animated: animated) }

    /// Hides the HUD after `delay`, replacing an earlier delayed hide; a later
    /// `show` cancels it (`hideAnimated:afterDelay:`).
    public func hide(animated: Bool = true, afterDelay delay: Duration) async {
        await stack.hide(self, animated: animated, afterDelay: delay)
    }

    /// Changes any options at once; the next frame shows them all.
    public func update(_ body: @escaping @Sendable (inout HUDConfiguration) -> Void) async {
        await stack.update(self, body)
    }

    /// Sets `progress` (clamped to 0...1; NaN ignored).
    public func setProgress(_ progress: Double) async {
        await stack.update(self) { $0.progress = progress }
    }

    /// Reads progress from `source` once per frame while shown (`progressObject`).
    public func setProgressSource(_ source: (any HUDProgressSource)?) async {
        await stack.setProgressSource(source, for: self)
    }

    /// Runs on the loop when the HUD has gone, once per show (`completionBlock`).
    public func setCompletion(_ handler: (@Sendable () -> Void)?) async {
        await stack.setCompletion(handler, for: self)
    }

    /// Returns once the HUD has gone: at once if it is hidden, else after its
    /// (maybe delayed, maybe animated) hide, or when it leaves its stack.
    public func waitUntilHidden() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            stack.perform { $0.whenHidden(self) { continuation.resume() } }
        }
    }

    /// Runs on the loop, inside the stack, when the button (`buttonTitle`) is
    /// pressed: MBProgressHUD's `button` target/action.
    public func setButtonAction(_ action: (@Sendable (isolated HUDStack) -> Void)?) async {
        await stack.setButtonAction(action, for: self)
    }

    /// Weakly held; told after the completion handler (`delegate`).
    public func setDelegate(_ delegate: (any HUDDelegate)?) async {
        await stack.setDelegate(delegate, for: self)
    }

    /// The current options; `nil` once the HUD left its stack.
    public var configuration: HUDConfiguration? { get async { await stack.configuration(of: self) } }

    /// The lifecycle's state; `nil` once the HUD left its stack.
    public var lifecycle: HUDLifecycle? { get async { await stack.lifecycle(of: self) } }
}
