import HUDCore
import HUDFrames
import HUDSystem

/// What `AtomicScanout` and `LegacyScanout` share beyond `present`: both
/// show a `KMSOutput`'s dumb buffers and learn of completed flips through
/// `PageFlipEvents`; releasing the screen gives the CRTC back to the console.
protocol KMSScanout: Scanout {
    var output: KMSOutput { get }
    var flips: PageFlipEvents { get }
}

extension KMSScanout {
    var buffers: [PixelBuffer] { output.buffers.map(\.target) }
    var refreshRate: Double? { output.mode.refreshRate }
    var front: Int? { output.front }

    func start(onPresented: @escaping () -> Void) throws(SystemError) {
        flips.onCompleted = onPresented
    }

    /// Gives the CRTC back to the console (`KMSOutput.restoreConsole`), if ours is on screen.
    func release() throws(SystemError) -> Bool {
        if output.front != nil { try output.restoreConsole() }
        return true
    }

    func suspend() { output.suspended = true }

    func resume() {
        output.suspended = false
        output.needsModeset = true
    }

    func setWakesOnCompletion(_ wakes: Bool) { flips.setWakeUps(wakes) }
    func collectCompletions() { flips.collect() }
    func waitForCompletion(timeout: Duration) { flips.wait(timeout: timeout) }

    /// Stops reading this scanout's flips; unless `retainingPicture` (or
    /// while the VT is away, when the CRTC is not ours), gives the CRTC back.
    func stop(retainingPicture: Bool) throws(SystemError) {
        flips.forget()
        if !retainingPicture, output.front != nil, !output.suspended { try output.restoreConsole() }
    }
}
