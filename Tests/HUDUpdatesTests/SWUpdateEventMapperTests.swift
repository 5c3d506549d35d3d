import HUDUpdates
import Testing

/// The messages Debian 12's `swupdate -i` sends (recorded from the real
/// tool: RUN, PROGRESS 1…100, the leftover `step 2 of 1`, SUCCESS, DONE) and
/// the ones of a failed install, as HUD events.
@Suite struct SWUpdateEventMapperTests {
    @Test func aSuccessfulInstall() {
        var mapper = SWUpdateEventMapper()
        var events: [UpdateEvent] = []
        let messages = [SWUpdateProgressMessage(status: .run, steps: 1, step: 1, image: "rootfs.img", handler: "raw"),
                        SWUpdateProgressMessage(status: .progress, steps: 1, step: 1, stepPercent: 50, image: "rootfs.img"),
                        SWUpdateProgressMessage(status: .run, steps: 1, step: 2),
                        SWUpdateProgressMessage(status: .success, steps: 1, step: 2),
                        SWUpdateProgressMessage(status: .done)]
        for m in messages { events += mapper.events(for: m) }
        #expect(events == [.began(label: nil),
                           .progress(label: "rootfs.img", details: "step 1 of 1", percent: 0),
                           .progress(label: "rootfs.img", details: "step 1 of 1", percent: 50),
                           .ended(success: true, reason: nil)])
    }

    @Test func stepsMakeTheOverallPercentage() {
        var mapper = SWUpdateEventMapper()
        let e = mapper.events(for: SWUpdateProgressMessage(status: .progress, steps: 4, step: 3, stepPercent: 50, image: "b"))
        #expect(e.last == .progress(label: "b", details: "step 3 of 4", percent: 62.5))
    }

    @Test func startAndDownloadThenFailureWithItsReason() {
        var mapper = SWUpdateEventMapper()
        #expect(mapper.events(for: SWUpdateProgressMessage(status: .start)) == [.began(label: nil)])
        #expect(mapper.events(for: SWUpdateProgressMessage(status: .download, downloadPercent: 30, downloadBytes: 2_500_000))
            == [.progress(label: "Downloading update", details: "2.5 MB", percent: 30)])
        #expect(mapper.events(for: SWUpdateProgressMessage(status: .failure, info: #"{"2": "HASH mismatch"}"#))
            == [.ended(success: false, reason: "HASH mismatch")])
        #expect(!mapper.inUpdate)
        #expect(mapper.events(for: SWUpdateProgressMessage(status: .run, steps: 0, step: 1)).first == .began(label: nil),
                "the next update begins anew")
    }

    @Test func reasons() {
        #expect(SWUpdateEventMapper.reason("") == nil)
        #expect(SWUpdateEventMapper.reason(" plain text \n") == "plain text")
        #expect(SWUpdateEventMapper.reason(#"{"0": {"source": 4}}"#) == #"{"source": 4}"#)
    }
}
