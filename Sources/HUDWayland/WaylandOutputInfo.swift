/// What the compositor said about one output (`wl_output`): its mode in
/// pixels and integer scale; the surface on it is `logicalSize` points.
public struct WaylandOutputInfo: Equatable, Sendable {
    /// The registry's name of the global (stable while the output exists).
    public var globalName: UInt32
    public var pixelWidth = 0
    public var pixelHeight = 0
    public var scale = 1
    /// The output's name (`wl_output.name`, version 4), when it said one.
    public var name: String?

    /// Surface-local size: pixels over the scale.
    public var logicalSize: (width: Int, height: Int) { (pixelWidth / max(1, scale), pixelHeight / max(1, scale)) }

    public static func == (a: Self, b: Self) -> Bool {
        a.globalName == b.globalName && a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight
            && a.scale == b.scale && a.name == b.name
    }
}
