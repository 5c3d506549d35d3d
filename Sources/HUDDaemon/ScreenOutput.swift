import HUDCore
import HUDMotion
import KioskHUD

/// `--output auto|kms|fbdev`: the daemon's picture on a `HUDScreen` (every
/// connected KMS head, fbdev meanwhile, a late GPU still taken, hotplug, VT
/// switches, the theme's motion effect). A boot splash: with no display yet
/// it keeps watching for a card until it stops.
public final class ScreenOutput: HUDOutput, @unchecked Sendable {
    private let options: HUDScreen.Options
    private var screen: HUDScreen?
    private var keysLost: (() -> Void)?

    public var framesDrawn: Int { screen?.framesDrawn ?? 0 }
    public var isSettled: Bool { screen?.isSettled ?? true }
    public var readsKeys: Bool { screen?.readsKeys ?? (options.input != nil) }
    public var summary: String { screen?.summary ?? "display (not started)" }

    public init(_ options: HUDScreen.Options) {
        var options = options
        options.waitsForCardUntilClosed = true
        self.options = options
    }

    public func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) {
        var options = self.options
        options.look = theme.look
        let screen = HUDScreen(stack: stack, options: options)
        // Input starts (or fails) when something needs it: `startReadingKeys`
        // (a prompt, a keystroke watch), or a button the stack shows, noticed
        // here at the frame that draws it.
        screen.onFramePresented = { [weak self] in self?.noticeKeysLost() }
        self.screen = screen
        do { try screen.start() } catch {
            self.screen = nil
            throw .output("\(error)")
        }
    }

    public func startReadingKeys() -> Bool {
        guard let screen else { return readsKeys }
        let reads = screen.startInput()
        noticeKeysLost()
        return reads
    }

    public func whenKeysLost(_ handler: @escaping () -> Void) {
        keysLost = handler
        noticeKeysLost()
    }

    private func noticeKeysLost() {
        guard options.input != nil, let handler = keysLost, let screen, !screen.readsKeys else { return }
        keysLost = nil
        handler()
    }

    public func apply(theme: DaemonTheme) { screen?.apply(look: theme.look) }

    public func stop(retainPicture: Bool) { screen?.stop(retainPicture: retainPicture) }

    public var holdsDisplay: Bool { screen?.holdsDisplay ?? true }
    public func deactivate() { screen?.deactivate() }
    public func reactivate() { screen?.reactivate() }
}

extension DaemonTheme {
    /// The theme's style, backdrop and motion effect, for a `HUDScreen`.
    public var look: ScreenLook {
        let base = self.base
        let motion = base.motionEffectEnabled
            ? ScreenLook.Motion(amplitude: base.motionAmplitude,
                                neutral: NeutralAttitude(rawValue: theme.motionNeutral ?? "flat") ?? .flat,
                                mountMatrix: theme.motionMountMatrix)
            : nil
        return ScreenLook(style: style, backdrop: backdrop, motion: motion)
    }
}
