import HUDInput
import HUDWayland
import KioskHUD

/// Makes the output `--output` names.
public enum OutputFactory {
    /// - Throws: `DaemonError.output` when that output cannot be made.
    public static func make(_ spec: OutputSpec, options: DaemonOptions,
                            log: @escaping @Sendable (String) -> Void) throws(DaemonError) -> any HUDOutput {
        var screen = HUDScreen.Options()
        screen.driDirectory = options.driDirectory
        screen.cardWait = options.cardWait
        screen.connectors = options.connectors
        screen.input = options.readsInput ? InputOptions() : nil
        screen.log = log
        screen.content = options.content
        switch spec {
        case .none:
            return NoOutput()
        case .png(let directory):
            return try PNGOutput(directory: directory, width: options.pictureSize.width, height: options.pictureSize.height,
                                 content: options.content, log: log)
        case .wayland(let socket):
            var wayland = WaylandScreen.Options()
            wayland.socket = socket
            wayland.passesInput = options.passesInput
            return WaylandOutput(wayland, log: log)
        case .kms(let device):
            // A card is waited for on the loop (inotify), so clients are answered
            // meanwhile, and one that comes late is still taken.
            screen.output = .kms(device: device)
        case .fbdev(let device):
            screen.output = .fbdev(device: device ?? "/dev/fb0")
        case .auto:
            if !HUDScreen.hasCard(in: options.driDirectory) {
                log("no DRM card in \(options.driDirectory) yet; waiting up to \(options.cardWait.components.seconds) s (fbdev meanwhile if present)")
            }
        }
        return ScreenOutput(screen)
    }
}
