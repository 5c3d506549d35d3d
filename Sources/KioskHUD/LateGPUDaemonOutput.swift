import Glibc
import HUDCore
import HUDDaemon
import HUDKMS

/// `hud daemon --output auto` (and `kms`, without fbdev): KMS when a card is usable at once; otherwise
/// (no card yet — the GPU driver loads seconds after the splash starts — or
/// none usable) it shows the HUD on fbdev meanwhile
/// if there is a framebuffer, watches the DRM directory (inotify on the
/// loop, no polling) and hands over to KMS as soon as a card with a
/// connected output appears. KMS draws its first frame before fbdev stops,
/// so there is no blank gap. Watching goes on until the daemon stops (a
/// driver can load from the real root, seconds after `cardWait`, which only
/// decides when that is logged). Used only on the daemon's loop (hence
/// `@unchecked Sendable`).
public final class LateGPUDaemonOutput: HUDOutput, @unchecked Sendable {
    let directory: String
    /// nil: no fbdev meanwhile (`--output kms`).
    let framebufferDevice: String?
    /// A card named with `kms:/dev/dri/cardN`; nil: the first usable one.
    let device: String?
    let cardWait: Duration
    let outputs: Set<String>?
    private let log: @Sendable (String) -> Void
    private var fbdev: FBDevDaemonOutput?
    private var kms: KMSDaemonOutput?
    private var watch: DirectoryWatch?
    private var waitReport: ScheduledTimer?
    private var retry: ScheduledTimer?
    /// A card node that is there but not usable is tried again after this,
    /// doubling up to 8 s (a GPU with no screen connected must not keep the loop busy).
    private var retryDelay: Duration = .milliseconds(250)
    private var reportedUnusable = false
    private var stack: HUDStack?
    private var theme: DaemonTheme?

    public var framesDrawn: Int { (kms?.framesDrawn ?? 0) + (fbdev?.framesDrawn ?? 0) }
    public var isSettled: Bool { kms?.isSettled ?? fbdev?.isSettled ?? true }
    public var summary: String {
        if let kms { return kms.summary }
        return (fbdev?.summary ?? "no display") + ", waiting for a DRM card in \(directory)"
    }

    public init(directory: String = "/dev/dri", framebufferDevice: String? = "/dev/fb0", device: String? = nil,
                cardWait: Duration, outputs: Set<String>? = nil, log: @escaping @Sendable (String) -> Void) {
        self.outputs = outputs
        self.directory = directory
        self.framebufferDevice = framebufferDevice
        self.device = device
        self.cardWait = cardWait
        self.log = log
    }

    public func start(stack: HUDStack, theme: DaemonTheme) throws(DaemonError) {
        self.stack = stack
        self.theme = theme
        // A usable card now: straight to KMS, no fbdev frame first.
        cardsChanged()
        guard kms == nil else { return }
        if let framebufferDevice, access(framebufferDevice, F_OK) == 0 {
            let fb = FBDevDaemonOutput(device: framebufferDevice, log: log)
            do {
                try fb.start(stack: stack, theme: theme)
                fbdev = fb
            } catch { log("fbdev unusable (\(error))") }
        }
        do {
            watch = try DirectoryWatch(directory: directory, loop: stack.loop) { [self] in cardsChanged() }
        } catch { log("cannot watch \(directory): \(error)") }
        waitReport = stack.loop.schedule(at: stack.loop.now() + cardWait) { [self] in
            guard kms == nil else { return }
            log("no DRM card \(device.map { "at \($0)" } ?? "in \(directory)") after \(cardWait); showing on \(fbdev?.summary ?? "no display") and still watching for one")
        }
        // A card whose node exists but was not usable above is retried shortly.
        if cardPresent { cardsChanged() }
    }

    private var cardPresent: Bool {
        if let device { return access(device, F_OK) == 0 }
        return !CardFinder(directory: directory).candidates().isEmpty
    }

    /// Something appeared in the DRM directory: take the first usable card.
    private func cardsChanged() {
        guard kms == nil, let stack, let theme else { return }
        guard cardPresent else { return }
        let candidate = KMSDaemonOutput(device: device, directory: directory, cardWait: .zero, outputs: outputs, log: log)
        do {
            try candidate.start(stack: stack, theme: theme)
        } catch {
            // Not usable yet (connectors not probed, node not ready). The node
            // is there, so no further directory event may come: try again shortly.
            if !reportedUnusable { log("DRM card not usable (yet): \(error)") }
            reportedUnusable = true
            if let display = fbdev?.display { stack.assumeIsolated { $0.setInvalidationHandler { display.invalidate() } } }
            if watch != nil, retry == nil {
                retry = stack.loop.schedule(at: stack.loop.now() + retryDelay) { [self] in
                    retry = nil
                    cardsChanged()
                }
                retryDelay = min(retryDelay * 2, .seconds(8))
            }
            return
        }
        kms = candidate
        let late = watch != nil || fbdev != nil
        watch?.cancel()
        watch = nil
        waitReport?.cancel()
        retry?.cancel()
        // KMS has its first frame up; fbdev is hidden behind it now.
        fbdev?.stopForHandover()
        fbdev = nil
        if late { log("late GPU: switched to \(candidate.summary)") }
    }

    public func apply(theme: DaemonTheme) {
        self.theme = theme
        kms?.apply(theme: theme)
        fbdev?.apply(theme: theme)
    }

    public func handle(signal: Int32) {
        if let kms { kms.handle(signal: signal) } else { fbdev?.handle(signal: signal) }
    }

    public func stop(retainPicture: Bool) {
        watch?.cancel()
        watch = nil
        waitReport?.cancel()
        retry?.cancel()
        kms?.stop(retainPicture: retainPicture)
        fbdev?.stop(retainPicture: retainPicture)
    }
}
