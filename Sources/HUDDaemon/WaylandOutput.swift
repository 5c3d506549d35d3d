import HUDCore
import HUDWayland

/// `--output wayland`: the HUD on the compositor's overlay layer, on every
/// output (`WaylandScreen`). Waits for a compositor not started yet and
/// reconnects to one that restarts. Input comes from the compositor: its
/// pointer and touch press the button, and while a prompt is up the HUD
/// takes the keyboard (the app below gets no keys meanwhile).
public final class WaylandOutput: HUDOutput {
    private let options: WaylandScreen.Options
    private let log: @Sendable (String) -> Void
    private var screen: WaylandScreen?

    public init(_ options: WaylandScreen.Options, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
    }

    public var summary: String { "wayland" + (options.socket.map { ":\($0)" } ?? "") + (options.passesInput ? " (input passes through)" : "") }
    public var framesDrawn: Int { screen?.framesDrawn ?? 0 }
    public var isSettled: Bool { screen?.isSettled ?? true }
    /// The compositor owns the display: nothing to let go of but drawing.
    public private(set) var holdsDisplay = true
    /// Prompts can be answered while the compositor has a keyboard.
    public var readsKeys: Bool { screen?.readsKeys ?? false }

    public func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) {
        var o = options
        o.style = theme.style
        o.backdrop = theme.backdrop
        let s = WaylandScreen(stack: stack, options: o, log: log)
        do { try s.start() } catch { throw .output("wayland: \(error)") }
        screen = s
    }

    public func apply(theme: DaemonTheme) { screen?.apply(style: theme.style, backdrop: theme.backdrop) }

    public func stop(retainPicture: Bool) {
        screen?.stop(retainPicture: retainPicture)
        screen = nil
    }

    public func deactivate() { holdsDisplay = false }
    public func reactivate() { holdsDisplay = true }
}
