/// What the compositor said about one output (`wl_output`): its mode in
/// pixels and integer scale (the compositor's rounding up of a fractional
/// one; the surface's preferred scale says the fraction).
public struct WaylandOutputInfo: Equatable, Sendable {
    /// The registry's name of the global (stable while the output exists).
    public var globalName: UInt32
    public var pixelWidth = 0
    public var pixelHeight = 0
    public var scale = 1
    /// The output's name (`wl_output.name`, version 4), when it said one.
    public var name: String?

    public static func == (a: Self, b: Self) -> Bool {
        a.globalName == b.globalName && a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight
            && a.scale == b.scale && a.name == b.name
    }
}
