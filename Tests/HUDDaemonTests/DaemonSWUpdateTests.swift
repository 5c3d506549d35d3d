import Glibc
import HUDCore
import HUDDaemon
import HUDProtocol
import HUDUpdates
import Testing

/// `hud daemon --follow-swupdate`: the daemon's own follower, on its loop,
/// carries SWUpdate's updates out on the HUD as a client's requests are
/// (`status` shows them), and a SWUpdate it cannot read stops the follower,
/// not the daemon. The real SWUpdate is board/updates/run.sh's.
@Suite(.serialized) struct DaemonSWUpdateTests {
    @Test func updatesAreShownOnTheDaemonsOwnHUD() throws {
        let f = try ServerFixture(swupdateSocket: "swupdateprog")
        let swupdate = try FakeSWUpdate(path: f.dir.file("swupdateprog"))
        #expect(swupdate.accept(), "the daemon connects to SWUpdate")
        swupdate.send([.init(status: .run, image: "rootfs.img"), .init(status: .progress, percent: 40, image: "rootfs.img")])
        #expect(eventually { f.status("progress") == "40" }, "\(f.log.all)")
        #expect(f.status("label") == "rootfs.img")
        #expect(f.status("details") == "step 1 of 1")
        #expect(f.status("mode") == "bar")
        swupdate.send([.init(status: .run, step: 2), .init(status: .success, step: 2)])
        #expect(eventually { f.status("mode") == "success" })
        #expect(f.status("label") == UpdatePresenter.successLabel)
        #expect(f.log.all.contains { $0 == "SWUpdate: connected to \(f.dir.file("swupdateprog"))" }, "\(f.log.all)")
    }

    @Test func swupdateGoingMidUpdateShowsTheFailureMark() throws {
        let f = try ServerFixture(swupdateSocket: "swupdateprog")
        let swupdate = try FakeSWUpdate(path: f.dir.file("swupdateprog"))
        #expect(swupdate.accept())
        swupdate.send([.init(status: .run, steps: 2, image: "boot.img")])
        #expect(eventually { f.status("label") == "boot.img" })
        swupdate.exit()
        #expect(eventually { f.status("mode") == "failure" })
        #expect(f.status("details") == "SWUpdate stopped before the update ended")
    }

    @Test func anUnknownVersionStopsTheFollowerNotTheDaemon() throws {
        let f = try ServerFixture(swupdateSocket: "swupdateprog")
        let swupdate = try FakeSWUpdate(path: f.dir.file("swupdateprog"))
        #expect(swupdate.accept())
        swupdate.send(FakeSWUpdate.acknowledgement(0x30000))
        #expect(eventually { f.log.all.contains { $0.contains("SWUpdate's progress API version 3.0.0 (0x30000) is not one this hud reads") } },
                "\(f.log.all)")
        #expect(swupdate.followerLeft())
        #expect(f.status("shown") == "false", "the daemon answers, nothing shown")
        #expect(f.exitCode.withLock { $0 } == nil, "the daemon goes on")
    }
}
