#if canImport(Glibc)
import Glibc
#endif
import CLinux
import HUDCore
import HUDFrames
import HUDSystem

/// Presents on an fbdev framebuffer: frames are drawn into its off-screen
/// copy (`FBDevice.shadow`, the one buffer) and each frame's damage is copied
/// to the screen, which is then on screen at once. fbdev has no flip event
/// and no working vblank: the frame loop paces it by its own timer.
///
/// While it runs the active VT is in `KD_GRAPHICS`, so the text console does
/// not draw over the HUD; `stop` puts it back to `KD_TEXT` and lets the
/// console repaint.
public final class FBDevScanout: ImmediateScanout {
    public let device: FBDevice
    public let buffers: [PixelBuffer]
    public let refreshRate: Double? = nil
    public private(set) var front: Int?
    private let console: String

    /// - Parameter console: the VT put in `KD_GRAPHICS` while drawing.
    public init(device: FBDevice, console: String = "/dev/tty0") {
        self.device = device
        buffers = [device.shadow]
        self.console = console
    }

    /// Takes the console (`ioctl(KDSETMODE, KD_GRAPHICS)`).
    public func start(onPresented: @escaping () -> Void) {
        setConsoleMode(Int32(KD_GRAPHICS))
    }

    /// Copies `damage` from the off-screen copy to the screen.
    public func present(_ index: Int, damage: PixelRect) -> ScanoutPresentation {
        device.flush(damage)
        front = index
        return .onScreen
    }

    /// The screen is ours again (a VT switch back, a reactivation after
    /// another program had it): the console back to `KD_GRAPHICS`, which that program may have undone.
    public func resume() {
        setConsoleMode(Int32(KD_GRAPHICS))
    }

    /// Keeps drawing: with nothing visible the frame paints the HUD away.
    public func release() -> Bool { false }

    /// Unless `retainingPicture`, gives the screen back to the text console (`KD_TEXT`, forced repaint).
    public func stop(retainingPicture: Bool) {
        guard !retainingPicture else { return }
        setConsoleMode(Int32(KD_TEXT))
        ConsoleHandoff.refreshTextConsole(framebufferDevice: device.path)
    }

    private func setConsoleMode(_ mode: Int32) {
        let tty = open(console, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return }
        _ = ioctl(tty, UInt(KDSETMODE), mode)
        close(tty)
    }
}
