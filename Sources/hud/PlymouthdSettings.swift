import HUDDaemon
import HUDPlymouth

/// What plymouthd's command line asked for, as `hud plymouthd` reads it.
struct PlymouthdSettings: Equatable {
    /// `--mode`; a word plymouthd does not know is boot, as plymouthd takes it.
    var mode: SplashMode = .boot
    /// `--mode`'s word when it was not one of plymouthd's (said in the log).
    var unknownMode: String?
    /// `--pid-file`.
    var pidFile: String?
    /// Not `--no-daemon`.
    var daemonize = true
    /// `--debug-file`: the daemon's log goes there (appended) instead of stderr.
    var debugFile: String?
    /// `--kernel-command-line`: read instead of /proc/cmdline (kioskhud.* words).
    var kernelCommandLine: String?
    /// `--boot-status-label`: boot statuses go on the label.
    var bootStatusLabel = false
    /// Not `--no-boot-progress`: the estimate drives the HUD's progress.
    var bootProgressShown = true
    /// `--state-dir`: where the boot-progress record is kept.
    var stateDirectory: String = BootProgressStore.defaultDirectory
    /// Accepted flags that change nothing here (`PlymouthdCommand.ignored`), as given.
    var ignored: [String] = []
}
