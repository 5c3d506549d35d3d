import Glibc
import KioskHUD
import Testing
import HUDSystem

/// `HUDScreen.open` where there is no display (CI has no /dev/dri): it names
/// what it tried instead of hanging, and a boot splash keeps waiting.
@Suite struct HUDScreenTests {
    /// An empty directory standing in for /dev/dri.
    private func emptyDirectory() throws -> String {
        var template = Array("/tmp/kioskhud-dri-XXXXXX".utf8CString)
        guard let path = mkdtemp(&template) else { throw HUDScreenError("mkdtemp failed") }
        return String(cString: path)
    }

    private func options(dri: String) -> HUDScreen.Options {
        var o = HUDScreen.Options()
        o.driDirectory = dri
        o.framebufferDevice = dri + "/no-fb0"
        o.cardWait = .milliseconds(300)
        o.log = { _ in }
        return o
    }

    @Test func noCardAndNoFramebufferFailsAfterTheWaitNamingBoth() async throws {
        let dri = try emptyDirectory()
        defer { rmdir(dri) }
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let stack = HUDStack(loop: loop)
        let start = loop.now()
        do {
            _ = try await HUDScreen.open(showing: stack, options: options(dri: dri))
            Issue.record("open succeeded with no display")
        } catch {
            #expect(error.description.contains("no DRM card in \(dri)"), "\(error)")
            #expect(error.description.contains("\(dri)/no-fb0"), "\(error)")
        }
        #expect(loop.now() - start >= .milliseconds(300), "failed before the card wait ran out")
    }

    @Test func aMissingDRMDirectoryFailsAtOnce() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        var o = options(dri: "/nonexistent/dri")
        o.cardWait = .seconds(60)
        do {
            _ = try await HUDScreen.open(showing: HUDStack(loop: loop), options: o)
            Issue.record("open succeeded with no display")
        } catch {
            // The reason is the failed watch, not "after 60 seconds": it did not wait for
            // the card wait (no wall-clock bound: a loaded emulated run can take as long).
            #expect(error.description.hasPrefix("no DRM card in /nonexistent/dri (inotify_add_watch"), "\(error)")
            #expect(!error.description.contains("after"), "\(error)")
        }
    }

    @Test func aBootSplashKeepsWaitingForACardAndClosesCleanly() async throws {
        let dri = try emptyDirectory()
        defer { rmdir(dri) }
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let stack = HUDStack(loop: loop)
        var o = options(dri: dri)
        o.waitsForCardUntilClosed = true
        let screen = try await HUDScreen.open(showing: stack, options: o)
        #expect(screen.summary == "no display, waiting for a DRM card in \(dri)")
        #expect(screen.framesDrawn == 0)
        await screen.waitUntilSettled()  // nothing to show: returns at once
        await screen.close()
        #expect(screen.summary == "no display")
    }

    /// Deactivated (Plymouth's `deactivate`), the screen takes no card that
    /// appears: the display is another program's. `reactivate` looks again.
    @Test func aCardAppearingWhileDeactivatedIsLookedAtOnlyOnReactivate() async throws {
        let dri = try emptyDirectory()
        defer { unlink(dri + "/card0"); rmdir(dri) }
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let stack = HUDStack(loop: loop)
        let lines = Locked<[String]>([])
        var o = options(dri: dri)
        o.waitsForCardUntilClosed = true
        o.log = { line in lines.withLock { $0.append(line) } }
        let screen = try await HUDScreen.open(showing: stack, options: o)
        let tried = { lines.withLock { $0.contains { $0.contains("DRM card not usable") } } }
        let onLoop = { (body: @escaping @Sendable () -> Void) async in
            await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in loop.execute { body(); c.resume() } }
        }
        await onLoop { screen.deactivate() }
        #expect(!screen.holdsDisplay)
        // Not a card: a regular file named like one, which is tried (and found unusable) when looked at.
        let fd = open(dri + "/card0", O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        close(fd)
        // The inotify event is queued when open returns; a few loop turns let it be handled.
        for _ in 0..<5 { await onLoop {} }
        usleep(100_000)
        await onLoop {}
        #expect(!tried(), "a card was tried while deactivated")
        await onLoop { screen.reactivate() }
        #expect(screen.holdsDisplay)
        #expect(tried())
        #expect(lines.withLock { $0.contains { $0.hasPrefix("display released (deactivated)") } })
        await screen.close()
    }
}
