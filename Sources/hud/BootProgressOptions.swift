import HUDDaemon

/// `--state-dir`, read the same way by `hud daemon` and `hud plymouthd`.
enum BootProgressOptions {
    /// The state directory: `value`, or `BootProgressStore.defaultDirectory`.
    /// - Throws: `CommandLineError` for an empty or relative directory.
    static func stateDirectory(_ value: String?, command: String) throws(CommandLineError) -> String {
        guard let value else { return BootProgressStore.defaultDirectory }
        guard value.hasPrefix("/"), !value.utf8.contains(0) else {
            throw CommandLineError("\(command): --state-dir \(value): expected an absolute directory (it is read again after newroot)")
        }
        return value
    }
}
