import HUDCore
import HUDDaemon
import HUDPlymouth
import HUDProtocol
import Testing

/// `BootProgress` driving a controller's HUD on a manual-clock loop.
private final class BootFixture: Sendable {
    let f: ControllerFixture
    let progress: BootProgress
    let log = LogRecorder()

    /// - Parameter mode: the HUD's indicator; the estimate moves a bar, ring or pie only.
    init(store: BootProgressStore? = nil, showsStatus: Bool = false, show: Bool = true, mode: WireMode = .bar) async throws {
        f = try ControllerFixture()
        if show { _ = await f.handle(.show(HUDSettings(mode: mode))) }
        let log = self.log
        progress = BootProgress(controller: f.controller, store: store, showsStatus: showsStatus, drivesProgress: true,
                                log: { log.record($0) })
        await progress.start()
    }

    /// The HUD's progress in percent, as `status` says it.
    func hudProgress() async -> Double { Double(await f.status()["progress"] ?? "") ?? -1 }
    func estimate() async -> Double { await progress.progress * 100 }
}

@Suite struct BootProgressTests {
    /// The HUD's progress follows the estimate as the loop's clock moves, and never goes backwards.
    @Test func theHUDFollowsTheEstimate() async throws {
        let b = try await BootFixture()
        #expect(await b.hudProgress() == 0)
        var last = 0.0
        for _ in 0..<8 {
            await b.f.loop.advance(by: .seconds(3))
            let p = await b.hudProgress()
            #expect(p > last)
            last = p
        }
        // 24 s of 60 expected: 40 %, give or take the last step of the timer.
        #expect(abs(last - 40) < 1)
        #expect(abs(await b.estimate() - last) < 1)
    }

    /// A spinner is left as it is, as a Plymouth theme without a progress bar
    /// ignores the estimate, and no timer runs for it; `boot-progress=` still reports it.
    @Test func aSpinnerIsLeftAlone() async throws {
        let b = try await BootFixture(mode: .indeterminate)
        await b.f.loop.advance(by: .seconds(6))
        #expect(await b.f.status()["mode"] == "indeterminate")
        #expect(await b.hudProgress() == 0)
        #expect(abs(await b.estimate() - 10) < 0.1)
        #expect(b.f.loop.pendingTimerCount == 0)
        // Switched to a bar by a client (no progress value), the estimate moves it from the next request on.
        _ = await b.f.handle(.update(HUDSettings(mode: .bar)))
        await b.progress.note(Request.update(HUDSettings(mode: .bar)))
        await b.f.loop.advance(by: .seconds(6))
        #expect(abs(await b.hudProgress() - 20) < 1)
    }

    /// A client's progress wins from then on (`hud progress 50` must read 50).
    @Test func aClientsProgressWins() async throws {
        let b = try await BootFixture()
        await b.f.loop.advance(by: .seconds(6))
        _ = await b.f.handle(.progress(percent: 50))
        await b.progress.note(Request.progress(percent: 50))
        await b.f.loop.advance(by: .seconds(12))
        await b.progress.note(PlymouthRequest.updateStatus("late.service"))
        await b.f.loop.advance(by: .seconds(6))
        #expect(await b.hudProgress() == 50)
        #expect(abs(await b.estimate() - 40) < 0.1)    // still estimated (status boot-progress=), 24 s of 60
        #expect(b.f.loop.pendingTimerCount == 0)    // and no timer for it
    }

    /// Plymouth's system-update is a client's progress too.
    @Test func systemUpdateWins() async throws {
        let b = try await BootFixture()
        await b.f.controller.hold(HUDSettings(progressPercent: 7))
        await b.progress.note(PlymouthRequest.systemUpdate(percent: 7))
        await b.f.loop.advance(by: .seconds(30))
        #expect(await b.hudProgress() == 7)
    }

    /// Pause (`A`) freezes the HUD's progress and stops the timer; unpause (`a`) goes on.
    @Test func pauseFreezesTheHUD() async throws {
        let b = try await BootFixture()
        await b.f.loop.advance(by: .seconds(6))
        await b.progress.note(PlymouthRequest.pauseProgress)
        let frozen = await b.hudProgress()
        await b.f.loop.advance(by: .seconds(30))
        #expect(await b.hudProgress() == frozen)
        await b.progress.note(PlymouthRequest.unpauseProgress)
        await b.f.loop.advance(by: .seconds(3))
        #expect(await b.hudProgress() > frozen)
    }

    /// With --boot-status-label the label shows each status until a client's message; hide-message gives it back.
    @Test func statusesOnTheLabel() async throws {
        let b = try await BootFixture(showsStatus: true)
        await b.progress.note(PlymouthRequest.updateStatus("systemd-udevd.service"))
        #expect(await b.f.status()["label"] == "systemd-udevd.service")
        await b.f.controller.hold(HUDSettings(label: "Checking disks"))
        await b.progress.note(PlymouthRequest.showMessage("Checking disks"))
        await b.progress.note(PlymouthRequest.updateStatus("fsck.service"))
        #expect(await b.f.status()["label"] == "Checking disks")
        await b.f.controller.hold(HUDSettings(label: ""))
        await b.progress.note(PlymouthRequest.hideMessage("Checking disks"))
        #expect(await b.f.status()["label"] == "fsck.service")
        // Without the option statuses stay off the label.
        let quiet = try await BootFixture()
        await quiet.progress.note(PlymouthRequest.updateStatus("systemd-udevd.service"))
        #expect(await quiet.f.status()["label"] == "")
    }

    /// First boot records; the second, fed the same statuses, runs at the recorded pace.
    @Test func aRecordedBootPacesTheNext() async throws {
        let dir = try TemporaryDirectory()
        let store = BootProgressStore(directory: dir.file("state"), fileName: "boot-progress")
        let statuses = ["a.service", "b.service", "c.service", "d.service"]
        let first = try await BootFixture(store: store)
        #expect(first.log.all.contains { $0.contains("no record of an earlier boot in \(store.path)") })
        for s in statuses {
            await first.f.loop.advance(by: .seconds(2))
            await first.progress.note(PlymouthRequest.updateStatus(s))
        }
        await first.f.loop.advance(by: .seconds(2))
        let firstAtEnd = await first.estimate()
        await first.progress.note(PlymouthRequest.systemInitialized)
        await first.progress.finish()
        #expect(first.log.all.contains { $0 == "boot progress: recorded 4 statuses over 10.0 s in \(store.path)" })

        let second = try await BootFixture(store: store)
        #expect(second.log.all.contains { $0.contains("estimating from \(store.path) (4 statuses over 10.0 s)") })
        var seen: [Double] = []
        for s in statuses {
            await second.f.loop.advance(by: .seconds(2))
            await second.progress.note(PlymouthRequest.updateStatus(s))
            seen.append(await second.hudProgress())
        }
        #expect(abs(seen[3] - 80) < 2, "d.service came at 80 % of the recorded boot: \(seen)")
        #expect(seen == seen.sorted() && seen[0] > 15)
        await second.f.loop.advance(by: .seconds(2))
        #expect(await second.estimate() > 90 && firstAtEnd < 20)
    }

    /// A corrupt record: one log line naming the file and what is wrong, then the time-based default.
    @Test func aCorruptRecordIsNamedAndIgnored() async throws {
        let dir = try TemporaryDirectory()
        dir.write("boot-progress", "kioskhud-boot-progress 1\nduration 10\n0.5 a.service\nnot a line\n")
        let b = try await BootFixture(store: BootProgressStore(directory: dir.path, fileName: "boot-progress"))
        #expect(b.log.all == ["boot progress: \(dir.file("boot-progress")) is not usable (line 4: expected 'FRACTION STATUS' with FRACTION from 0 to 1); estimating from time alone"])
        await b.f.loop.advance(by: .seconds(30))
        #expect(abs(await b.estimate() - 50) < 0.1)
    }

    /// In the initramfs there is no record; after newroot the real root's paces the boot.
    @Test func theRecordInTheNewRoot() async throws {
        let dir = try TemporaryDirectory()
        let store = BootProgressStore(directory: dir.path, fileName: "boot-progress")
        let b = try await BootFixture(store: store)
        await b.f.loop.advance(by: .seconds(1))
        dir.write("boot-progress", BootProgressRecord(entries: [.init(status: "a.service", fraction: 0.5)], duration: 4).encoded)
        await b.progress.rootMoved()
        #expect(b.log.all.last == "boot progress: estimating from \(store.path) in the new root (1 statuses over 4.0 s)")
        await b.f.loop.advance(by: .seconds(1))
        await b.progress.note(PlymouthRequest.updateStatus("a.service"))
        #expect(await b.hudProgress() > 30)    // time alone would say 3.3 %
    }

    /// Hidden, the HUD needs no timer; shown again (show-splash), the progress follows again.
    @Test func noTimerWhileHidden() async throws {
        let b = try await BootFixture(show: false)
        #expect(b.f.loop.pendingTimerCount == 0)
        await b.f.loop.advance(by: .seconds(6))
        _ = await b.f.handle(.show(HUDSettings(mode: .bar)))
        await b.progress.note(PlymouthRequest.showSplash)
        #expect(abs(await b.hudProgress() - 10) < 0.5)
        #expect(b.f.loop.pendingTimerCount >= 1)
    }
}
