/// A straight (not premultiplied) RGBA colour, each component in 0...1.
public struct HUDColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Components outside 0...1 are clamped; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    /// A grey, like UIKit's `colorWithWhite:alpha:`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = HUDColor(white: 0, alpha: 0)
    public static let black = HUDColor(white: 0)
    public static let white = HUDColor(white: 1)

    /// The same colour with its alpha multiplied by `factor`.
    public func multiplyingAlpha(by factor: Double) -> HUDColor {
        HUDColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    static func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
}
