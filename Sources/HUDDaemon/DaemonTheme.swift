import HUDCore
import HUDRender

/// How the daemon's HUD looks when a client does not say: a HUDRender
/// `HUDTheme` (`theme.json` in a theme directory, images beside it) turned
/// into the configuration every fresh `show` starts from, the renderer's
/// style and the screen behind the HUD.
public struct DaemonTheme: Hashable, Sendable {
    /// The theme file's name for a theme directory.
    public static let fileName = "theme.json"

    /// Shown in logs and `status` (the directory's name, or `builtin`).
    public var name = "builtin"
    public var theme = HUDTheme()
    /// The indicator used when progress arrives and the HUD shows none
    /// (`hud progress`, psplash's `PROGRESS`); `hud daemon --progress-mode`.
    public var progressMode: HUDMode = .determinateHorizontalBar

    public init() {}

    /// The configuration a fresh `show` starts from.
    public var base: HUDConfiguration {
        var c = HUDConfiguration()
        theme.apply(to: &c)
        return c
    }

    public var style: HUDRenderStyle {
        var s = HUDRenderStyle()
        theme.apply(to: &s)
        return s
    }

    public var backdrop: HUDBackdrop {
        var b = HUDBackdrop()
        theme.apply(to: &b)
        return b
    }

    /// Loads `directory/theme.json`. Bad keys keep their defaults and come
    /// back as `warnings`; a file that cannot be read or is not JSON at all
    /// is an error.
    /// - Throws: `ThemeError` naming the file and what was wrong.
    public static func load(directory: String) throws(ThemeError) -> (theme: DaemonTheme, warnings: [String]) {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let load = HUDTheme.load(file: path)
        if let fatal = load.problems.first(where: { $0.key == nil }) {
            throw ThemeError(path: path, fatal.message)
        }
        var t = DaemonTheme()
        t.theme = load.theme
        t.name = String(directory.split(separator: "/").last ?? "theme")
        return (t, load.problems.map(\.description))
    }
}
