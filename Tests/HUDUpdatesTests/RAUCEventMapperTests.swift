import HUDUpdates
import Testing

/// RAUC's property changes and signal, in the order RAUC 1.8's service sends
/// them (seen with dbus-monitor on a private bus), as HUD events.
@Suite struct RAUCEventMapperTests {
    @Test func anInstallWithNestedSteps() {
        var m = RAUCEventMapper()
        var events: [UpdateEvent] = []
        events += m.events(for: RAUCProperties(operation: "installing", lastError: ""))
        events += m.events(for: RAUCProperties(progress: RAUCProgress(percent: 0, message: "Installing", depth: 1)))
        events += m.events(for: RAUCProperties(progress: RAUCProgress(percent: 40, message: "Checking manifest contents", depth: 2)))
        events += m.events(for: RAUCProperties(progress: RAUCProgress(percent: 60, message: "Copying image to rootfs.1", depth: 3)))
        events += m.events(for: RAUCProperties(progress: RAUCProgress(percent: 99, message: "Updating slots done.", depth: 2)))
        events += m.completed(result: 0)
        events += m.events(for: RAUCProperties(operation: "idle"))
        #expect(events == [.began(label: nil),
                           .progress(label: "Installing", details: "", percent: 0),
                           .progress(label: "Checking manifest contents", details: "Installing", percent: 40),
                           .progress(label: "Copying image to rootfs.1", details: "Installing › Checking manifest contents", percent: 60),
                           .progress(label: "Updating slots done.", details: "Installing", percent: 99),
                           .ended(success: true, reason: nil)])
    }

    @Test func aFailureCarriesLastError() {
        var m = RAUCEventMapper()
        _ = m.events(for: RAUCProperties(operation: "installing", lastError: ""))
        _ = m.events(for: RAUCProperties(lastError: "signature verification failed: Verify error: self-signed certificate"))
        #expect(m.completed(result: 1) == [.ended(success: false, reason: "signature verification failed: Verify error: self-signed certificate")])
        var n = RAUCEventMapper()
        #expect(n.completed(result: 1) == [.ended(success: false, reason: nil)])
    }

    @Test func progressWhileIdleShowsNothingAndAnInstallSeenLateBegins() {
        var m = RAUCEventMapper()
        #expect(m.events(for: RAUCProperties(operation: "idle", progress: RAUCProgress(percent: 100, message: "Installing done.", depth: 1))).isEmpty)
        var late = RAUCEventMapper()
        #expect(late.events(for: RAUCProperties(operation: "installing", progress: RAUCProgress(percent: 20, message: "Checking bundle", depth: 2)))
            == [.began(label: nil), .progress(label: "Checking bundle", details: "", percent: 20)])
    }
}
