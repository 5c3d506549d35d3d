#if canImport(Glibc)
import Glibc
#endif
import HUDSystem
import Testing

@Suite struct EventLoopTests {
    @Test func manualTimersFireInDeadlineOrderAtTheirOwnInstants() async throws {
        let clock = ManualClock()
        let loop = try EventLoop(clock: clock)
        defer { loop.shutdown() }
        let log = CallLog()
        loop.schedule(at: HUDInstant(nanoseconds: 300)) { log.record("c@\(clock.now().nanoseconds)") }
        loop.schedule(at: HUDInstant(nanoseconds: 100)) { log.record("a@\(clock.now().nanoseconds)") }
        loop.schedule(at: HUDInstant(nanoseconds: 200)) { log.record("b@\(clock.now().nanoseconds)") }
        let cancelled = loop.schedule(at: HUDInstant(nanoseconds: 150)) { log.record("cancelled") }
        cancelled.cancel()
        await loop.advance(by: .nanoseconds(250))
        #expect(log.all == ["a@100", "b@200"])
        #expect(clock.now().nanoseconds == 250)
        await loop.advance(by: .nanoseconds(50))
        #expect(log.all == ["a@100", "b@200", "c@300"])
        #expect(loop.pendingTimerCount == 0)
    }

    @Test func aTimerScheduledByATimerWithinTheAdvanceFiresToo() async throws {
        let loop = try EventLoop(clock: ManualClock())
        defer { loop.shutdown() }
        let log = CallLog()
        loop.schedule(at: HUDInstant(nanoseconds: 10)) {
            log.record("first")
            loop.schedule(at: HUDInstant(nanoseconds: 20)) { log.record("second") }
        }
        await loop.advance(by: .nanoseconds(30))
        #expect(log.all == ["first", "second"])
    }

    @Test func realClockTimerFiresFromOneTimerfdWakeUp() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        await loop.settle()
        let before = loop.wakeUps
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.schedule(after: .milliseconds(30)) { done.resume() }
        }
        // settle's own wake-up may land before or with the timer's: never more.
        #expect(loop.wakeUps - before <= 2, "waiting is epoll_wait on the timerfd, not polling")
        #expect(loop.wakeUps - before >= 1)
    }

    @Test func watchedPipeCallsItsHandlerOnTheLoopThread() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let log = CallLog()
        let readFD = fds[0]
        let reads = AsyncStream<Void>.makeStream()
        let watch = try loop.watchReadable(fd: FileDescriptor(rawValue: readFD)) {
            var byte: UInt8 = 0
            _ = read(readFD, &byte, 1)
            log.record("read \(byte) inLoop=\(loop.inLoop)")
            reads.continuation.yield()
        }
        var byte: UInt8 = 7
        _ = write(fds[1], &byte, 1)
        var iterator = reads.stream.makeAsyncIterator()
        await iterator.next()
        watch.cancel()
        byte = 8
        _ = write(fds[1], &byte, 1)  // no longer watched: no handler call
        await loop.settle()
        #expect(log.all == ["read 7 inLoop=true"])
    }

    @Test func aTimerATimerSchedulesForNowRunsInTheSameWakeUp() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        await loop.settle()
        let counts = Locked<[Int]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.schedule(after: .milliseconds(5)) {
                counts.withLock { $0.append(loop.wakeUps) }
                loop.schedule(at: loop.now()) {
                    counts.withLock { $0.append(loop.wakeUps) }
                    done.resume()
                }
            }
        }
        let seen = counts.withLock { $0 }
        #expect(seen.count == 2)
        #expect(seen.first == seen.last, "the second timer ran without another epoll_wait: \(seen)")
    }

    @Test func aDisabledWatchIsNotReportedUntilEnabledAgain() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let readFD = fds[0]
        let calls = Locked(0)
        let reads = AsyncStream<Void>.makeStream()
        let watch = try loop.watchReadable(fd: FileDescriptor(rawValue: readFD)) {
            var byte: UInt8 = 0
            _ = read(readFD, &byte, 1)
            calls.withLock { $0 += 1 }
            reads.continuation.yield()
        }
        watch.setEnabled(false)
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        // Level-triggered and readable, but left out: timers keep running, the handler does not.
        let woken = loop.wakeUps
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            loop.schedule(after: .milliseconds(20)) { done.resume() }
        }
        #expect(calls.withLock { $0 } == 0)
        #expect(loop.wakeUps - woken <= 2, "a disabled readable fd must not spin the loop")
        watch.setEnabled(true)
        var iterator = reads.stream.makeAsyncIterator()
        await iterator.next()
        #expect(calls.withLock { $0 } == 1)
        watch.cancel()
    }

    @Test func watchingABadFDThrowsNamingTheCall() throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        #expect {
            _ = try loop.watchReadable(fd: FileDescriptor(rawValue: -1)) {}
        } throws: { error in
            "\(error)" == "epoll_ctl (fd -1): Bad file descriptor"
        }
    }

    actor Probe {
        nonisolated let loop: EventLoop
        nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }
        init(loop: EventLoop) { self.loop = loop }
        func onLoop() -> Bool { loop.inLoop }
    }

    @Test func actorsOnTheLoopRunOnItsThread() async throws {
        let loop = try EventLoop()
        defer { loop.shutdown() }
        let probe = Probe(loop: loop)
        #expect(await probe.onLoop())
        #expect(!loop.inLoop)
    }
}
