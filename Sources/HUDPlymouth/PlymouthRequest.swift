/// One request of Plymouth's boot protocol (`ply-boot-protocol.h`), as
/// `plymouth`, systemd and initramfs-tools send it.
public enum PlymouthRequest: Hashable, Sendable {
    /// `P`: is the daemon there? ACK.
    case ping
    /// `U`: the boot's status, e.g. the unit starting (systemd sends one per unit).
    case updateStatus(String)
    /// `C`: what the splash is for.
    case changeMode(SplashMode)
    /// `u`: a system update's progress, 0...100 percent.
    case systemUpdate(percent: Int)
    /// `S`: the root file system is writable.
    case systemInitialized
    /// `!`: something failed during boot.
    case error
    /// `$`: show the splash.
    case showSplash
    /// `H`: hide the splash.
    case hideSplash
    /// `D`: let go of the display and input (a display manager takes over); ACKed once idle.
    case deactivate
    /// `r`: take the display back after `deactivate`.
    case reactivate
    /// `Q`: quit; with `retainSplash` the last picture stays on screen. ACKed just before exit.
    case quit(retainSplash: Bool)
    /// `R`: the real root is mounted here; the daemon moves into it before switch-root.
    case newRoot(String)
    /// `V`: ACK when the splash's VT (tty1) is in the foreground, else NAK.
    case hasActiveVT
    /// `A`: stop estimating boot progress (while a prompt waits).
    case pauseProgress
    /// `a`: go on estimating boot progress.
    case unpauseProgress
    /// `*`: ask for a password; ANSWER with it, NO_ANSWER when no prompt can be shown.
    case password(prompt: String?)
    /// `W`: ask a question; ANSWER with the reply.
    case question(prompt: String?)
    /// `c`: the passwords typed so far; MULTIPLE_ANSWERS, or NO_ANSWER when none.
    case cachedPasswords
    /// `M`: show a message (an empty one clears the message line).
    case showMessage(String)
    /// `m`: hide this message.
    case hideMessage(String)
    /// `K`: answer (ANSWER) with the next key pressed among `keys` (nil: any key).
    case watchKeystroke(keys: String?)
    /// `L`: stop the watch for `keys`; that `K` is answered NO_ANSWER.
    case ignoreKeystroke(keys: String?)
}
