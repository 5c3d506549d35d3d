import KioskHUD
import HUDCore
import HUDPlymouth
import HUDUpdates

/// What `hud daemon` was asked to do.
public struct DaemonOptions: Sendable {
    /// The default socket: /run/kioskhud/hud.sock.
    public static let defaultSocketPath = "/run/kioskhud/hud.sock"
    /// Where `kioskhud.theme=NAME` themes live: NAME.json under here.
    public static let defaultThemesDirectory = "/usr/share/kioskhud/themes"

    public var socketPath = DaemonOptions.defaultSocketPath
    /// Group allowed besides root and the daemon's user (socket mode 0660).
    public var group: String?
    /// psplash's FIFO; nil: none.
    public var psplashFIFOPath: String?
    /// The abstract socket name to serve Plymouth's protocol on
    /// (`PlymouthSocketName.current` with `--plymouth`); nil: not served.
    public var plymouthSocketName: String?
    public var output: OutputSpec = .auto
    /// A theme file (HUDRender's JSON); `kioskhud.theme=` overrides it.
    public var themeFile: String?
    /// `--over FILE.png`: a picture under the HUD, as an app's would be (previews, tests).
    public var content: ScreenContent?
    /// What the splash is shown for (Plymouth's `--mode`), in `status`.
    public var mode: SplashMode = .boot
    public var themesDirectory = DaemonOptions.defaultThemesDirectory
    /// The kernel command line to read (tests point it elsewhere).
    public var kernelCommandLinePath = "/proc/cmdline"
    /// A kernel command line to use instead of reading `kernelCommandLinePath`
    /// (plymouthd's `--kernel-command-line`).
    public var kernelCommandLine: String?
    /// Runs as plymouthd (`hud plymouthd`): Plymouth's socket is bound before
    /// the display is touched, and when a running daemon holds it this one
    /// exits 0 at once (a second plymouthd after switch-root does that);
    /// without that socket it does not start; Plymouth's `newroot` moves the
    /// daemon into the new root as `hud newroot` does.
    public var actsAsPlymouthd = false
    /// plymouthd's `--pid-file`: the daemon's pid, written once its sockets
    /// listen and removed at exit — only when prompts work (`Daemon.writePidFile`).
    public var pidFile: String?
    /// Show the theme's HUD at once (as psplash does), with this label if set.
    public var showAtStart = false
    public var startLabel: String?
    /// The indicator progress switches to when the HUD shows none (also SWUpdate's updates').
    public var progressMode: HUDMode = .determinateHorizontalBar
    /// SWUpdate's progress socket (`--follow-swupdate`): its updates shown on
    /// this daemon's HUD by a `SWUpdateFollower` on the daemon's loop, without
    /// a `hud follow swupdate` process; nil: not followed.
    public var swupdateProgressSocket: String?
    /// How long an update's success or failure mark stays before the HUD hides (`--follow-keep`).
    public var updateMarkSeconds = UpdatePresenter.defaultKeepSeconds
    /// The picture size of `png:` output.
    public var pictureSize: (width: Int, height: Int) = (1280, 800)
    /// Clients beyond this make the one idle longest leave (`error
    /// code=busy`); when every one is mid-message, the new one is refused.
    public var maxClients = 32
    /// Clients waiting for the daemon to exit (`wait`), counted apart.
    public var maxWaiters = 64
    /// A client that leaves a message half-sent this long is dropped.
    public var stallTimeout: Duration = .seconds(10)

    /// Where DRM cards appear (`--dri-dir`).
    public var driDirectory = "/dev/dri"
    /// How long to wait for a card before saying so (`--card-wait`); a later one is still taken.
    public var cardWait: Duration = .seconds(8)
    /// KMS connectors to light (`--outputs`); nil: every connected one.
    public var connectors: Set<String>?
    /// Keyboards, touchscreens and pointers press the HUD's button (`--input`; on a display output only).
    public var readsInput = false
    /// On Wayland, input goes through the HUD to the app below (`--pass-input`: an empty input region).
    public var passesInput = false
    /// Where the boot-progress record is kept between boots (`--state-dir`;
    /// `hud daemon` and `hud plymouthd` default to `BootProgressStore.defaultDirectory`);
    /// nil: nothing is read or written, the estimate starts from time alone.
    public var stateDirectory: String?
    /// With Plymouth's socket: its boot statuses (the unit starting) go on the label (`--boot-status-label`).
    public var bootStatusLabel = false
    /// With Plymouth's socket: the boot-progress estimate drives the HUD's
    /// progress until a client sets progress (`--no-boot-progress`: only reported, `boot-progress=` in `status`).
    public var bootProgressShown = true

    public init() {}
}
