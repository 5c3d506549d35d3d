import HUDCore

/// Where the daemon's picture goes: a KMS display, PNG files, or nowhere.
///
/// Every call comes on the daemon's event loop. An output draws whenever the
/// stack invalidates (through a `FrameLoop`).
public protocol HUDOutput: AnyObject {
    /// One line for the log, e.g. `png:/tmp/frames 1280x800`.
    var summary: String { get }
    /// Frames drawn so far.
    var framesDrawn: Int { get }
    /// Starts drawing `stack`'s snapshots, with `theme`'s backdrop.
    /// - Throws: `DaemonError` when the display cannot be used.
    func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError)
    /// The theme changed (SIGHUP, `reload`): redraw with its backdrop.
    func apply(theme: DaemonTheme)
    /// Stops drawing. With `retainPicture` the last frame stays on screen for
    /// a program taking over the display; otherwise the console comes back.
    func stop(retainPicture: Bool)
    /// The picture is on screen as the HUD is now: no frame due or in
    /// flight, and labels drawn (or impossible: no text libraries). `status`
    /// says `settled=true|false`, so a boot script or test takes its
    /// screendump when the picture is there, not after a guessed delay.
    var isSettled: Bool { get }
    /// Lets go of the display for a program that takes it over (Plymouth's
    /// `deactivate`: a display manager starting), as plymouthd does: drawing
    /// stops and the picture stays as it is, DRM master is dropped, VT
    /// switching goes back to the kernel, input is no longer read. The HUD's
    /// state goes on changing and is drawn after `reactivate`. Idempotent.
    func deactivate()
    /// Takes the display back after `deactivate` and draws the HUD as it is
    /// now (Plymouth's `reactivate`). Does nothing when not deactivated.
    func reactivate()
    /// False between `deactivate` and `reactivate` (once the display is let
    /// go of: `deactivate` is ACKed then); `status` says `display=held|released`.
    var holdsDisplay: Bool { get }
    /// Whether typed keys can answer a prompt: the output reads input (or
    /// will, once something needs it, and has not failed to), or (PNG)
    /// takes them from `hud type`. When false, prompts are refused at once
    /// instead of waiting for keys that cannot come.
    var readsKeys: Bool { get }
    /// Something needs keys now (a prompt is about to be asked, a keystroke
    /// watch registered): an output that reads input only on demand starts
    /// it here, before the prompt is drawn, so no key typed once it shows is lost.
    /// - Returns: `readsKeys` after the attempt: false when keys cannot be
    ///   read (no input, or it could not start): the prompt or watch is refused then.
    func startReadingKeys() -> Bool
    /// Calls `handler` once, on the loop, when `readsKeys` turns false after
    /// it was true: input found unusable when something first needed it
    /// (libinput or xkbcommon missing from the image). Outputs whose answer
    /// never changes never call it.
    func whenKeysLost(_ handler: @escaping () -> Void)
}

extension HUDOutput {
    /// Outputs that read no input, or take keys only from `hud type`: nothing to start.
    public func startReadingKeys() -> Bool { readsKeys }
    public func whenKeysLost(_ handler: @escaping () -> Void) {}
}
