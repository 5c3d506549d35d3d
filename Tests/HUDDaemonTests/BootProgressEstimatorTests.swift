import HUDCore
import HUDDaemon
import Testing

/// An instant `seconds` after the zero of a manual clock.
private func at(_ seconds: Double) -> HUDInstant { HUDInstant.zero + .hudSeconds(seconds) }

/// A previous boot of 20 s: four statuses at 10 %, 40 %, 60 %, 90 %.
private let previousBoot = BootProgressRecord(entries: [
    .init(status: "a.service", fraction: 0.1), .init(status: "b.service", fraction: 0.4),
    .init(status: "c.service", fraction: 0.6), .init(status: "d.service", fraction: 0.9),
], duration: 20)

/// A small deterministic generator (the property test's sequences are the same every run).
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct BootProgressEstimatorTests {
    /// No record: a time-based estimate towards 1 over 60 s, slowing near the end, never 1.
    @Test func withoutARecordTimeAloneApproachesButNeverReachesOne() {
        let e = BootProgressEstimator(previous: nil, start: .zero)
        #expect(e.progress(at: at(0)) == 0)
        #expect(abs(e.progress(at: at(15)) - 0.25) < 0.001)
        #expect(abs(e.progress(at: at(30)) - 0.5) < 0.001)
        let late = e.progress(at: at(60))
        #expect(late > 0.85 && late < 0.95, "slows before the expected end: \(late)")
        #expect(e.progress(at: at(3600)) < 1)
        #expect(e.progress(at: at(1e9)) <= BootProgressEstimator.ceiling)
        // Statuses it has never seen change nothing.
        var f = e
        f.statusArrived("unknown.service", at: at(10))
        #expect(f.progress(at: at(30)) == e.progress(at: at(30)))
    }

    /// Statuses on time: the bar is at each one's fraction when it comes.
    @Test func statusesOnTimeMeetTheirFractions() {
        var e = BootProgressEstimator(previous: previousBoot, start: .zero)
        for (status, time, fraction) in [("a.service", 2.0, 0.1), ("b.service", 8.0, 0.4), ("c.service", 12.0, 0.6), ("d.service", 18.0, 0.9)] {
            let p = e.progress(at: at(time))
            #expect(abs(p - fraction) < 0.03, "\(status) at \(time) s: \(p), expected about \(fraction)")
            e.statusArrived(status, at: at(time))
        }
        let end = e.progress(at: at(20))
        #expect(end > 0.9 && end < 1, "at the expected end: \(end)")
        #expect(e.progress(at: at(600)) < 1)
    }

    /// A status late (the boot slower than last time): the bar waits at its
    /// fraction, creeping, instead of running on to 100 %.
    @Test func heldAtTheNextExpectedStatusUntilItComes() {
        var e = BootProgressEstimator(previous: previousBoot, start: .zero)
        e.statusArrived("a.service", at: at(2))
        let held = e.progress(at: at(30))    // b.service (40 %) was due at 8 s
        #expect(held >= 0.4 && held < 0.45, "held near b's 40 %: \(held)")
        #expect(e.progress(at: at(60)) > held, "it still creeps")
        e.statusArrived("b.service", at: at(60))
        #expect(e.progress(at: at(61)) >= e.progress(at: at(60)))
    }

    /// A faster boot: statuses early say so, and the bar runs ahead of the previous pace.
    @Test func aFasterBootRunsAhead() {
        var fast = BootProgressEstimator(previous: previousBoot, start: .zero)
        let slow = BootProgressEstimator(previous: previousBoot, start: .zero)
        fast.statusArrived("a.service", at: at(1))
        fast.statusArrived("b.service", at: at(4))
        #expect(fast.expectedDuration < 20)
        #expect(fast.progress(at: at(5)) > slow.progress(at: at(5)))
    }

    /// Pause (Plymouth's `A`) freezes it; unpause (`a`) goes on from there; paused time is no boot time.
    @Test func pauseFreezes() {
        var e = BootProgressEstimator(previous: nil, start: .zero)
        e.pause(at: at(10))
        let frozen = e.progress(at: at(10))
        #expect(e.isPaused)
        #expect(e.progress(at: at(200)) == frozen)
        e.pause(at: at(100))    // idempotent
        e.unpause(at: at(200))
        #expect(e.progress(at: at(200)) == frozen)
        #expect(abs(e.activeSeconds(at: at(205)) - 15) < 1e-9)
        #expect(e.progress(at: at(205)) > frozen)
        #expect(e.record(at: at(220))?.duration == 30)
    }

    /// This boot's record: fractions of the boot (pauses left out); a status repeated is left out.
    @Test func theRecordOfThisBoot() throws {
        var e = BootProgressEstimator(previous: nil, start: at(5))
        e.statusArrived("x.service", at: at(7))
        e.statusArrived("twice.service", at: at(8))
        e.statusArrived("twice.service", at: at(9))
        e.statusArrived("y.service", at: at(13))
        let r = try #require(e.record(at: at(15)))
        #expect(r.duration == 10)
        #expect(r.entries == [.init(status: "x.service", fraction: 0.2), .init(status: "y.service", fraction: 0.8)])
        // Read back, it is the next boot's previous record.
        #expect(try BootProgressRecord.parse(r.encoded) == r)
    }

    /// A flood of distinct statuses is bounded: the record keeps at most maxEntries.
    @Test func aFloodIsBounded() throws {
        var e = BootProgressEstimator(previous: nil, start: .zero)
        for i in 0..<(BootProgressEstimator.maxTrackedStatuses + 100) { e.statusArrived("u\(i).service", at: at(Double(i) / 1000)) }
        #expect(e.seen.count == BootProgressRecord.maxEntries)
        #expect(e.trackedStatusCount == BootProgressEstimator.maxTrackedStatuses)
        let r = try #require(e.record(at: at(100)))
        #expect(r.entries.count == BootProgressRecord.maxEntries)
        let back = try BootProgressRecord.parse(r.encoded)    // fractions to 4 decimals
        #expect(back.entries.map(\.status) == r.entries.map(\.status) && back.duration == r.duration)
    }

    /// The property: whatever arrives, in any order, known or not, with pauses,
    /// the progress never goes backwards and stays below 1.
    @Test func neverGoesBackwards() {
        let statuses = previousBoot.entries.map(\.status) + ["u1.service", "u2.service"]
        for seed in 0..<200 as Range<UInt64> {
            var rng = SplitMix(state: seed)
            let previous: BootProgressRecord? = seed % 3 == 0 ? nil
                : BootProgressRecord(entries: previousBoot.entries.shuffled(using: &rng).enumerated().map {
                    .init(status: $0.element.status, fraction: Double.random(in: 0...1, using: &rng))
                }, duration: Double.random(in: 0.5...120, using: &rng))
            var e = BootProgressEstimator(previous: previous, start: .zero)
            var t = 0.0
            var last = e.progress(at: at(t))
            for step in 0..<80 {
                t += Double.random(in: 0...(step % 10 == 0 ? 40 : 3), using: &rng)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6: e.statusArrived(statuses.randomElement(using: &rng)!, at: at(t))
                case 6: e.pause(at: at(t))
                case 7: e.unpause(at: at(t))
                default: break
                }
                let p = e.progress(at: at(t))
                #expect(p >= last, "seed \(seed), step \(step): \(p) after \(last)")
                #expect(p >= 0 && p <= BootProgressEstimator.ceiling, "seed \(seed), step \(step): \(p)")
                if p < last { return }
                last = p
            }
        }
    }
}

@Suite struct BootProgressAdoptTests {
    /// Started in the initramfs with no record: the real root's, adopted at newroot, paces the rest.
    @Test func aRecordFoundAfterNewroot() {
        var e = BootProgressEstimator(previous: nil, start: .zero)
        let before = e.progress(at: at(2))
        e.adopt(previousBoot, at: at(2))
        #expect(e.hasPrevious && e.expectedDuration == 20)
        #expect(e.progress(at: at(2)) == before)
        e.statusArrived("a.service", at: at(2))
        e.statusArrived("b.service", at: at(8))
        #expect(abs(e.progress(at: at(8)) - 0.4) < 0.05)
        // A record given at the start is not replaced.
        var given = BootProgressEstimator(previous: previousBoot, start: .zero)
        given.adopt(BootProgressRecord(entries: [], duration: 500), at: at(1))
        #expect(given.expectedDuration == 20)
    }
}
