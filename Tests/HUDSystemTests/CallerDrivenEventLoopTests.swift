#if canImport(Glibc)
import Glibc
#endif
import HUDSystem
import Testing

/// An `EventLoop` without a thread (`ownThread: false`, libkioskhud's): the
/// caller polls its fd and runs `dispatch()`; nothing runs in between.
@Suite struct CallerDrivenEventLoopTests {
    /// Polls the loop's fd for up to `milliseconds`; whether it became readable.
    private func readable(_ loop: EventLoop, within milliseconds: Int32) -> Bool {
        var fd = pollfd(fd: loop.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, milliseconds) == 1
    }

    @Test func aTimerMakesTheFdReadableAndRunsOnlyInDispatchOnTheCallersThread() throws {
        let loop = try EventLoop(ownThread: false)
        #expect(loop.inLoop)
        let log = CallLog()
        let caller = pthread_self()
        loop.schedule(after: .milliseconds(20)) { log.record(pthread_equal(pthread_self(), caller) != 0 ? "here" : "elsewhere") }
        #expect(loop.nextDeadline != nil)
        #expect(!readable(loop, within: 0))
        #expect(readable(loop, within: 2000))
        #expect(log.all.isEmpty)  // due, but nothing runs before dispatch
        loop.dispatch()
        #expect(log.all == ["here"])
        #expect(loop.nextDeadline == nil)
        #expect(!readable(loop, within: 0))
    }

    @Test func workFromAnotherThreadWakesTheFd() throws {
        let loop = try EventLoop(ownThread: false)
        let log = CallLog()
        var thread = pthread_t()
        let context = Unmanaged.passRetained(loop).toOpaque()
        pthread_create(&thread, nil, { context in
            let loop = Unmanaged<EventLoop>.fromOpaque(context!).takeRetainedValue()
            loop.execute { }
            return nil
        }, context)
        pthread_join(thread, nil)
        loop.execute { log.record("queued") }
        #expect(readable(loop, within: 2000))
        loop.dispatch()
        #expect(log.all == ["queued"])
    }

    @Test func aManualClockAdvancesOnTheLoopsOwnThread() throws {
        let clock = ManualClock()
        let loop = try EventLoop(clock: clock, ownThread: false)
        let log = CallLog()
        loop.schedule(at: HUDInstant(nanoseconds: 5_000_000)) { log.record("a@\(clock.now().nanoseconds)") }
        loop.schedule(at: HUDInstant(nanoseconds: 9_000_000)) { log.record("b@\(clock.now().nanoseconds)") }
        loop.advanceOnLoop(by: .milliseconds(6))
        #expect(log.all == ["a@5000000"])
        loop.advanceOnLoop(by: .milliseconds(6))
        #expect(log.all == ["a@5000000", "b@9000000"])
        #expect(clock.now().nanoseconds == 12_000_000)
    }
}
