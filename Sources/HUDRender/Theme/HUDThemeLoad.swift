/// A theme as far as it could be read, and every problem found. The theme
/// holds only the good keys: bad ones leave the defaults in place.
public struct HUDThemeLoad: Sendable {
    public var theme: HUDTheme
    public var problems: [HUDThemeError]

    public init(theme: HUDTheme, problems: [HUDThemeError]) {
        self.theme = theme
        self.problems = problems
    }
}
