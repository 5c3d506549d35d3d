#if canImport(Glibc)
import Glibc
#endif

/// UIKit's spring animation with damping ratio 1 and no initial velocity, as
/// MBProgressHUD animates: critically damped, so it never overshoots.
///
/// x(u) = 1 − (1 + ku)·e^(−ku), scaled so it reaches exactly 1 at u = 1.
/// k = 10 leaves < 0.05 % of the travel for the last instant, as a spring that
/// settles within the duration does.
enum SpringCurve {
    static let stiffness = 10.0
    private static let end = 1 - (1 + stiffness) * exp(-stiffness)

    /// The fraction of the way at `u` (time / duration), both clamped to 0...1.
    static func value(_ u: Double) -> Double {
        if !(u > 0) { return 0 }
        if u >= 1 { return 1 }
        let ku = stiffness * u
        return (1 - (1 + ku) * exp(-ku)) / end
    }
}
