import HUDProtocol
import HUDUpdates
import Testing

/// Events become the daemon's requests: a fresh HUD per update, the mark
/// and reason at the end, hidden after the keep time; every request valid.
@Suite struct UpdatePresenterTests {
    @Test func anUpdateFromStartToFailure() throws {
        var p = UpdatePresenter(toolName: "RAUC", mode: .ring, keepSeconds: 2)
        let requests = p.requests(for: .began(label: nil))
            + p.requests(for: .progress(label: "Checking bundle", details: nil, percent: 33.333))
            + p.requests(for: .ended(success: false, reason: "signature\u{1B}[31m invalid"))
        #expect(requests == [
            .show(HUDSettings(mode: .ring, label: "Installing update", details: "", progressPercent: 0, animated: true)),
            .show(HUDSettings(label: "Checking bundle", progressPercent: 33.3)),
            .show(HUDSettings(mode: .failure, label: "Update failed", details: "signature [31m invalid")),
            .hide(afterSeconds: 2, animated: true)])
        for r in requests { #expect(try Request.parse(Array(r.encoded().utf8.dropLast())) == r) }
        #expect(!p.isActive)
    }

    @Test func progressWithoutABeginningBeginsOne() {
        var p = UpdatePresenter(toolName: "SWUpdate")
        #expect(p.requests(for: .progress(label: "x", details: "step 1 of 2", percent: 5)).count == 2)
        #expect(p.lostTool().first == .show(HUDSettings(mode: .failure, label: "Update failed",
                                                         details: "SWUpdate stopped before the update ended")))
        #expect(p.lostTool().isEmpty, "only once")
    }

    @Test func longTextsAreCutNotRefused() throws {
        var p = UpdatePresenter(toolName: "SWUpdate")
        let r = p.requests(for: .progress(label: String(repeating: "é", count: 400), details: "a\nb", percent: 150))
        guard case .show(let s) = r[1] else { Issue.record("no show"); return }
        #expect(s.label?.utf8.count == 512)
        #expect(s.details == "a\nb")
        #expect(s.progressPercent == 100)
        #expect(try Request.parse(Array(r[1].encoded().utf8.dropLast())) == r[1])
    }
}
