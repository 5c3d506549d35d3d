import HUDCore
import HUDRender

/// How the daemon's HUD looks when a client does not say: a HUDRender
/// `HUDTheme` (a JSON file such as board/themes/splash.json, images beside it) turned
/// into the configuration every fresh `show` starts from, the renderer's
/// style and the screen behind the HUD.
public struct DaemonTheme: Hashable, Sendable {
    /// Shown in logs and `status` (the file's name without `.json`, or `builtin`).
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

    /// The file `kioskhud.theme=NAME` names: `directory/NAME.json`.
    public static func path(named name: String, in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name + ".json"
    }

    /// Loads a theme file. Bad keys keep their defaults and come back as
    /// `warnings`; a file that cannot be read or is not JSON at all is an error.
    /// - Throws: `ThemeError` naming the file and what was wrong.
    public static func load(file path: String) throws(ThemeError) -> (theme: DaemonTheme, warnings: [String]) {
        let load = HUDTheme.load(file: path)
        if let fatal = load.problems.first(where: { $0.key == nil }) {
            throw ThemeError(path: path, (fatal.position.map { "line \($0.line), column \($0.column): " } ?? "") + fatal.message)
        }
        var t = DaemonTheme()
        t.theme = load.theme
        var name = String(path.split(separator: "/").last ?? "theme")
        if name.hasSuffix(".json") { name.removeLast(5) }
        t.name = name
        return (t, load.problems.map(\.description))
    }
}
