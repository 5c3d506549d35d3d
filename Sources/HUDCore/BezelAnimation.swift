import HUDSystem
/// One running bezel animation: from where it was to where it goes, over
/// `HUDAnimation.duration`. Interrupting it starts a new one from the current
/// value (UIKit's `BeginFromCurrentState`).
struct BezelAnimation: Hashable, Sendable {
    struct Values: Hashable, Sendable {
        var alpha: Double
        var scale: Double

        static let hidden = Values(alpha: 0, scale: 1)
        static let shown = Values(alpha: 1, scale: 1)
    }

    var from: Values
    var to: Values
    var start: HUDInstant

    var end: HUDInstant { start + HUDAnimation.duration }

    func values(at t: HUDInstant) -> Values {
        let u = (t - start).hudSeconds / HUDAnimation.duration.hudSeconds
        let f = SpringCurve.value(u)
        return Values(alpha: from.alpha + (to.alpha - from.alpha) * f,
                      scale: from.scale + (to.scale - from.scale) * f)
    }

    /// A settled value, as if the animation had long ended.
    static func resting(_ v: Values) -> BezelAnimation {
        BezelAnimation(from: v, to: v, start: .zero)
    }
}
