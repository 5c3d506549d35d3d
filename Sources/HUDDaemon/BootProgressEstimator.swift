#if canImport(Glibc)
import Glibc
#endif
import HUDCore

/// Boot progress estimated as Plymouth estimates it: from the time since
/// the splash started and the boot statuses seen so far, measured against
/// the previous boot's record (`BootProgressRecord`).
///
/// A pure value: every input carries its instant (the daemon's loop clock,
/// a `ManualClock` in tests), and `progress(at:)` depends only on the
/// events so far and the instant asked about, not on how often it is asked.
///
/// How it moves (the ideas of Plymouth's ply-progress; the curve is ours):
/// - It heads for 1 at the boot's expected end, at first the previous
///   boot's duration (`defaultDuration` without one). Each status the
///   previous boot also had says how far along the boot is (its fraction
///   then) and so how fast it runs now: the expected rate becomes the mean
///   of the old rate and that evidence, as ply-progress averages its scalar.
/// - It never passes the fraction of the status expected next until that
///   status comes: past it, it creeps (1 over `creepSeconds`), as
///   ply-progress crawls when the boot is slower than last time.
/// - The last `knee` of the way it slows down, approaching 1 without
///   reaching it (at most `ceiling`): the boot ends when the splash quits, not at 100 %.
/// - It never goes backwards: a new estimate starts from where the bar is.
/// - Pauses (Plymouth's `pause-progress`, while a password is asked)
///   freeze it; paused time does not count as boot time.
///
/// With no previous record it is a time-based estimate alone: towards 1
/// over `defaultDuration`, slowing in the same way.
public struct BootProgressEstimator: Sendable {
    /// The expected boot length without a previous record (Plymouth's default, 60 s).
    public static let defaultDuration = 60.0
    /// Past the next expected status, progress creeps at 1 per this many seconds (as ply-progress).
    public static let creepSeconds = 600.0
    /// The share of each run towards 1 that slows down (exponentially, never reaching it).
    public static let knee = 0.2
    /// Progress never reported beyond this.
    public static let ceiling = 0.999
    /// Distinct statuses tracked at most (repeats counted, first arrivals recorded).
    public static let maxTrackedStatuses = 4 * BootProgressRecord.maxEntries

    /// The previous boot's statuses: their fractions (first arrival) by status.
    private var previousFractions: [String: Double]
    /// The instant the boot started (the splash's start).
    public let start: HUDInstant
    /// Statuses seen this boot, in order, with the active time (seconds) of their first arrival.
    public private(set) var seen: [(status: String, time: Double)] = []
    private var seenCount: [String: Int] = [:]
    private var pausedSince: HUDInstant?
    private var pausedTotal: Duration = .zero

    // The current run: from (anchorTime, anchorProgress) towards 1 at `expectedDuration`,
    // held at `nextFraction` (creeping past it) until the status expected next arrives.
    private var anchorTime = 0.0
    private var anchorProgress = 0.0
    /// The boot's expected length (active seconds).
    public private(set) var expectedDuration: Double
    private var nextFraction: Double

    /// - Parameters:
    ///   - previous: the previous boot's record; nil: none (first boot, or it could not be read).
    ///   - start: when this boot's splash started.
    public init(previous: BootProgressRecord?, start: HUDInstant) {
        self.start = start
        var fractions: [String: Double] = [:]
        for e in previous?.entries ?? [] where fractions[e.status] == nil { fractions[e.status] = e.fraction }
        previousFractions = fractions
        expectedDuration = previous.map { Self.clampDuration($0.duration) } ?? Self.defaultDuration
        nextFraction = fractions.values.min() ?? 1
    }

    /// Whether a previous record was given.
    public var hasPrevious: Bool { !previousFractions.isEmpty }

    /// Distinct statuses tracked (at most `maxTrackedStatuses`).
    public var trackedStatusCount: Int { seenCount.count }

    /// Whether the progress is frozen (`pause`d).
    public var isPaused: Bool { pausedSince != nil }

    /// Boot time at `instant` in seconds: since `start`, paused time left out.
    public func activeSeconds(at instant: HUDInstant) -> Double {
        var elapsed = instant - start - pausedTotal
        if let pausedSince { elapsed -= instant - pausedSince }
        return max(0, Self.seconds(elapsed))
    }

    /// The estimated progress at `instant`, 0…`ceiling`. Never less than at
    /// an earlier instant (for instants in the order events were given).
    public func progress(at instant: HUDInstant) -> Double {
        let t = max(activeSeconds(at: instant), anchorTime)
        let remaining = max(expectedDuration - anchorTime, Self.minimumRun(expectedDuration))
        let left = 1 - anchorProgress
        let curve = anchorProgress + left * Self.shape((t - anchorTime) / remaining)
        let creepFrom: Double, creepStart: Double
        if nextFraction >= 1 {
            return min(curve, Self.ceiling)
        } else if nextFraction > anchorProgress, left > 0 {
            creepFrom = nextFraction
            creepStart = anchorTime + remaining * Self.inverseShape((nextFraction - anchorProgress) / left)
        } else {
            creepFrom = anchorProgress
            creepStart = anchorTime
        }
        let held = t <= creepStart ? curve : min(curve, creepFrom + (t - creepStart) / Self.creepSeconds)
        return min(max(held, anchorProgress), Self.ceiling)
    }

    /// A boot status arrived at `instant`. A status the previous boot had
    /// re-estimates the rate; a status seen twice already is not used again
    /// (and not recorded: repeats confuse the next estimate, as in ply-progress).
    public mutating func statusArrived(_ status: String, at instant: HUDInstant) {
        // Bounded: beyond this many distinct statuses new ones are not tracked (a boot has a few hundred).
        guard seenCount[status] != nil || seenCount.count < Self.maxTrackedStatuses else { return }
        let count = seenCount[status, default: 0]
        seenCount[status] = count + 1
        guard count == 0 else { return }
        let t = activeSeconds(at: instant)
        if seen.count < BootProgressRecord.maxEntries { seen.append((status, t)) }
        guard let fraction = previousFractions[status] else { return }
        let now = progress(at: instant)
        if fraction > 0.001, t > 0.001 {
            // Rates (fraction per second) averaged: the last estimate and what this status says.
            let rate = (1 / expectedDuration + fraction / t) / 2
            expectedDuration = Self.clampDuration(1 / rate)
        }
        nextFraction = previousFractions.filter { seenCount[$0.key] == nil && $0.value > fraction }.values.min() ?? 1
        anchorTime = max(t, anchorTime)
        anchorProgress = now
    }

    /// Takes `previous` as the previous boot's record when none was given
    /// at the start (a daemon started in the initramfs finds the record only
    /// once it has moved into the real root). The estimate goes on from
    /// where it is, now paced by the record; statuses seen already count as
    /// come. Does nothing when a record was given.
    public mutating func adopt(_ previous: BootProgressRecord, at instant: HUDInstant) {
        guard previousFractions.isEmpty else { return }
        let now = progress(at: instant)
        for e in previous.entries where previousFractions[e.status] == nil { previousFractions[e.status] = e.fraction }
        expectedDuration = Self.clampDuration(previous.duration)
        let reached = seen.compactMap { previousFractions[$0.status] }.max() ?? 0
        nextFraction = previousFractions.filter { seenCount[$0.key] == nil && $0.value > reached }.values.min() ?? 1
        anchorTime = max(activeSeconds(at: instant), anchorTime)
        anchorProgress = now
    }

    /// Freezes the progress (Plymouth's `pause-progress`). Idempotent.
    public mutating func pause(at instant: HUDInstant) {
        if pausedSince == nil { pausedSince = instant }
    }

    /// Lets the progress move again (`unpause-progress`). Idempotent.
    public mutating func unpause(at instant: HUDInstant) {
        guard let since = pausedSince else { return }
        pausedTotal += instant - since
        pausedSince = nil
    }

    /// This boot's record, as it stands at `instant` (the quit): every
    /// status seen exactly once with the fraction of the boot at its arrival.
    /// Nil when the boot lasted no measurable time.
    public func record(at instant: HUDInstant) -> BootProgressRecord? {
        let total = activeSeconds(at: instant)
        guard BootProgressRecord.durationRange.contains(total) else { return nil }
        let entries = seen.filter { seenCount[$0.status] == 1 && BootProgressRecord.isRecordable($0.status) }
            .map { BootProgressRecord.Entry(status: $0.status, fraction: min(1, $0.time / total)) }
        return BootProgressRecord(entries: entries, duration: total)
    }

    // MARK: The curve

    /// 0…1 over a run's share `u` (0 at the anchor, 1 at the expected end):
    /// straight up to 1 - knee, then slowing exponentially towards 1 with
    /// the same slope where they meet. Never reaches 1.
    static func shape(_ u: Double) -> Double {
        let straight = 1 - knee
        guard u > straight else { return max(0, u) }
        return 1 - knee * exp(-(u - straight) / knee)
    }

    /// The share `u` at which `shape(u) == y` (0 ≤ y < 1).
    static func inverseShape(_ y: Double) -> Double {
        let straight = 1 - knee
        guard y > straight else { return max(0, y) }
        guard y < 1 else { return .infinity }
        return straight - knee * log((1 - y) / knee)
    }

    /// The shortest run: after the expected end the bar still moves over some time, not at once.
    static func minimumRun(_ expected: Double) -> Double { max(expected * 0.1, 1) }

    static func clampDuration(_ d: Double) -> Double {
        d.isFinite ? min(max(d, 1), BootProgressRecord.durationRange.upperBound) : defaultDuration
    }

    static func seconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) + Double(atto) / 1e18
    }
}
