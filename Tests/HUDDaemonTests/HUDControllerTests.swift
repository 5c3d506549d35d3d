import HUDCore
import HUDDaemon
import HUDProtocol
import Testing

/// A controller on a manual-clock loop.
final class ControllerFixture: Sendable {
    let clock = ManualClock()
    let loop: EventLoop
    let stack: HUDStack
    let controller: HUDController

    init(theme: DaemonTheme = DaemonTheme()) throws {
        loop = try EventLoop(clock: clock)
        stack = HUDStack(loop: loop)
        controller = HUDController(stack: stack, theme: theme)
    }

    deinit { loop.shutdown() }

    func status() async -> [String: String] {
        let fields = await controller.status()
        var d: [String: String] = [:]
        for f in fields { d[f.key] = f.value }
        return d
    }

    func handle(_ r: Request) async -> Response { await controller.handle(r) }
}

@Suite struct HUDControllerTests {
    @Test func showThenStatus() async throws {
        let f = try ControllerFixture()
        #expect(await f.status()["shown"] == "false")
        #expect(await f.handle(.show(HUDSettings(mode: .ring, label: "Updating", progressPercent: 25))) == .ok)
        let s = await f.status()
        #expect(s["shown"] == "true")
        #expect(s["phase"] == "shown")
        #expect(s["mode"] == "ring")
        #expect(s["progress"] == "25")
        #expect(s["label"] == "Updating")
        await f.loop.advance(by: .seconds(0.5))
        #expect(await f.stack.snapshot().layers.count == 1)
    }

    @Test func updateNeedsAShownHUD() async throws {
        let f = try ControllerFixture()
        let r = await f.handle(.update(HUDSettings(label: "x")))
        guard case .error(let code, _) = r else { Issue.record("update without a HUD answered \(r)"); return }
        #expect(code == .notShown)
        _ = await f.handle(.show(HUDSettings()))
        #expect(await f.handle(.update(HUDSettings(label: "x"))) == .ok)
        #expect(await f.status()["label"] == "x")
    }

    @Test func progressShowsTheThemesProgressIndicator() async throws {
        var theme = DaemonTheme()
        theme.progressMode = .annularDeterminate
        let f = try ControllerFixture(theme: theme)
        _ = await f.handle(.progress(percent: 40))
        var s = await f.status()
        #expect(s["shown"] == "true")
        #expect(s["mode"] == "ring")
        #expect(s["progress"] == "40")
        // A spinner switches to the progress indicator when progress arrives.
        _ = await f.handle(.hide(afterSeconds: nil, animated: false))
        _ = await f.handle(.show(HUDSettings(mode: .indeterminate)))
        #expect(await f.status()["mode"] == "indeterminate")
        _ = await f.handle(.progress(percent: 60))
        s = await f.status()
        #expect(s["mode"] == "ring")
        #expect(s["progress"] == "60")
    }

    @Test func messageShowsAndRelabels() async throws {
        let f = try ControllerFixture()
        _ = await f.handle(.message("Starting network"))
        #expect(await f.status()["label"] == "Starting network")
        #expect(await f.status()["shown"] == "true")
        await f.controller.handle(PsplashCommand.message("Mounting /data"))
        await f.controller.handle(PsplashCommand.progress(80))
        let s = await f.status()
        #expect(s["label"] == "Mounting /data")
        #expect(s["progress"] == "80")
    }

    @Test func showWhileShownKeepsWhatIsNotGiven() async throws {
        let f = try ControllerFixture()
        _ = await f.handle(.show(HUDSettings(mode: .bar, label: "A", details: "d", progressPercent: 10)))
        _ = await f.handle(.show(HUDSettings(label: "B")))
        let s = await f.status()
        #expect(s["mode"] == "bar")
        #expect(s["label"] == "B")
        #expect(s["details"] == "d")
    }

    @Test func showAfterHideStartsFromTheTheme() async throws {
        let f = try ControllerFixture()
        _ = await f.handle(.show(HUDSettings(mode: .bar, label: "A", details: "d")))
        _ = await f.handle(.hide(afterSeconds: nil, animated: true))
        #expect(await f.status()["phase"] == "hiding")
        await f.loop.advance(by: .seconds(1))
        #expect(await f.status()["phase"] == "hidden")
        #expect(await f.stack.snapshot().layers.isEmpty)
        _ = await f.handle(.show(HUDSettings(label: "C")))
        let s = await f.status()
        #expect(s["mode"] == "indeterminate")
        #expect(s["details"] == "")
        #expect(s["label"] == "C")
    }

    @Test func delayedHideAndMinShow() async throws {
        let f = try ControllerFixture()
        _ = await f.handle(.show(HUDSettings(minShowSeconds: 2, animated: false)))
        _ = await f.handle(.hide(afterSeconds: nil, animated: false))
        #expect(await f.status()["phase"] == "hide-pending", "min-show keeps it up")
        await f.loop.advance(by: .seconds(2.1))
        #expect(await f.status()["phase"] == "hidden")
        _ = await f.handle(.show(HUDSettings(animated: false)))
        _ = await f.handle(.hide(afterSeconds: 3, animated: false))
        await f.loop.advance(by: .seconds(2.9))
        #expect(await f.status()["shown"] == "true")
        await f.loop.advance(by: .seconds(0.2))
        #expect(await f.status()["shown"] == "false")
    }

    @Test func graceTimeHidesAQuickTask() async throws {
        let f = try ControllerFixture()
        _ = await f.handle(.show(HUDSettings(graceSeconds: 1)))
        #expect(await f.status()["phase"] == "grace")
        #expect(await f.stack.snapshot().layers.isEmpty)
        _ = await f.handle(.hide(afterSeconds: nil, animated: true))
        await f.loop.advance(by: .seconds(2))
        #expect(await f.stack.snapshot().layers.isEmpty, "never drawn")
    }

    @Test func themeChangeAppliesToTheNextShow() async throws {
        let f = try ControllerFixture()
        var theme = DaemonTheme()
        theme.name = "dark"
        theme.theme.label.fontSize = 30
        await f.controller.setTheme(theme)
        _ = await f.handle(.show(HUDSettings(label: "x")))
        #expect(await f.status()["theme"] == "dark")
        await f.loop.advance(by: .seconds(0.5))
        let layer = await f.stack.snapshot().layers.first
        #expect(layer?.configuration.label.font.size == 30)
    }
}
