/// The boot-progress estimate (`BootProgress`) beside Plymouth's socket.
extension DaemonServer {
    /// Starts estimating boot progress when Plymouth's socket is served and
    /// the splash mode has a record (`BootProgress.fileName(for:)`): boot,
    /// shutdown, reboot. Called once the output has started (and the HUD
    /// been shown, with `--show`).
    func startBootProgress() {
        guard plymouth != nil, let file = BootProgress.fileName(for: options.mode) else { return }
        let store = options.stateDirectory.map { BootProgressStore(directory: $0, fileName: file) }
        let progress = BootProgress(controller: controller, store: store, showsStatus: options.bootStatusLabel,
                                    drivesProgress: options.bootProgressShown, log: log)
        progress.assumeIsolated { $0.start() }
        bootProgress = progress
    }
}
