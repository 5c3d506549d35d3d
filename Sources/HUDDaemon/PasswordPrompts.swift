/// Whether the daemon can answer Plymouth's password requests (`*`) with a
/// passphrase typed on the device. It cannot yet (no input), so they are
/// answered NO_ANSWER.
///
/// The one switch the prompt work flips once a prompt works: it also gates
/// plymouthd's pid file (`DaemonOptions.pidFile`). systemd runs its Plymouth
/// password agent, and not its console agent, when `/run/plymouth/pid`
/// exists (`ConditionPathExists=` of `systemd-ask-password-plymouth.path`
/// and `systemd-ask-password-console.path`); a pid file with no prompt
/// behind it would leave a disk passphrase request unanswerable. Never one
/// without the other.
public enum PasswordPrompts {
    /// Off until the daemon shows a passphrase prompt and reads keys.
    public static let available = false
}
