import HUDCore

/// The `theme.conf` format: `key = value` lines, `#` comments, blank lines.
///
/// Keys: `mode`, `progress-mode`, `animation`, `bezel-style` (blur, solid),
/// `bezel-color`, `content-color`, `background-color`, `backdrop-color`
/// (`#RRGGBB` or `#RRGGBBAA`), `corner-radius`, `margin`, `offset-y`,
/// `font` (a family list), `label-size`, `details-size`, `grace`,
/// `min-show` (seconds), `square` (true/false), `backdrop-image` (a PNG,
/// relative to the theme's directory), `placement` (hud-over, hud-below),
/// `language`. Unknown keys and bad values are errors naming the line.
public enum ThemeFile {
    /// The theme in `directory/theme.conf`.
    /// - Throws: `ThemeError` naming the file and line.
    public static func load(directory: String) throws(ThemeError) -> DaemonTheme {
        let path = directory.hasSuffix("/") ? directory + "theme.conf" : directory + "/theme.conf"
        guard let text = TextFile.read(path, limit: 65536) else {
            throw ThemeError(path: path, "cannot read: \(TextFile.lastError())")
        }
        var theme = try parse(text, path: path, directory: directory)
        theme.name = String(directory.split(separator: "/").last ?? "theme")
        return theme
    }

    /// Parses a theme's text; `directory` resolves relative image paths.
    public static func parse(_ text: String, path: String, directory: String) throws(ThemeError) -> DaemonTheme {
        var theme = DaemonTheme()
        var seen: Set<String> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            func fail(_ message: String) -> ThemeError { ThemeError(path: path, line: lineNumber, message) }
            let trimmed = trim(Substring(rawLine))
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let eq = trimmed.firstIndex(of: "=") else { throw fail("expected 'key = value', got '\(trimmed)'") }
            let key = String(trim(trimmed[..<eq]))
            let value = String(trim(withoutComment(trim(trimmed[trimmed.index(after: eq)...]))))
            guard seen.insert(key).inserted else { throw fail("key '\(key)' set twice") }
            switch key {
            case "mode": theme.base.mode = try mode(value, fail)
            case "progress-mode":
                let m = try mode(value, fail)
                guard m.showsProgress else { throw fail("progress-mode '\(value)' does not show progress (use bar, ring or pie)") }
                theme.progressMode = m
            case "animation":
                guard let a = animation(value) else { throw fail("animation '\(value)' is not one of fade, zoom, zoom-in, zoom-out") }
                theme.base.animation = a
            case "bezel-style":
                switch value {
                case "blur": theme.base.bezelStyle = .blur
                case "solid": theme.base.bezelStyle = .solidColor
                default: throw fail("bezel-style '\(value)' is not blur or solid")
                }
            case "bezel-color": theme.base.bezelColor = try color(value, fail)
            case "content-color": theme.base.contentColor = try color(value, fail)
            case "background-color": theme.base.backgroundColor = try color(value, fail)
            case "backdrop-color": theme.backdropColor = try color(value, fail)
            case "corner-radius": theme.base.cornerRadius = try number(value, 0...200, fail)
            case "margin": theme.base.margin = try number(value, 0...500, fail)
            case "offset-y": theme.base.offset.y = try number(value, -HUDConfiguration.maxOffset...HUDConfiguration.maxOffset, fail)
            case "font":
                guard !value.isEmpty, value.utf8.count <= 256 else { throw fail("font must be a family list of 1…256 bytes") }
                theme.base.label.font.family = value
                theme.base.detailsLabel.font.family = value
            case "label-size": theme.base.label.font.size = try number(value, 4...200, fail)
            case "details-size": theme.base.detailsLabel.font.size = try number(value, 4...200, fail)
            case "grace": theme.base.graceTime = .hudSeconds(try number(value, 0...60, fail))
            case "min-show": theme.base.minShowTime = .hudSeconds(try number(value, 0...60, fail))
            case "square":
                guard let b = ["true": true, "false": false][value] else { throw fail("square '\(value)' is not true or false") }
                theme.base.isSquare = b
            case "backdrop-image":
                guard !value.isEmpty else { throw fail("backdrop-image is empty") }
                theme.backdropImage = value.hasPrefix("/") ? value : (directory.hasSuffix("/") ? directory : directory + "/") + value
            case "placement":
                switch value {
                case "hud-over": theme.hudBelowImage = false
                case "hud-below": theme.hudBelowImage = true
                default: throw fail("placement '\(value)' is not hud-over or hud-below")
                }
            case "language":
                guard value.utf8.count <= 35, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                    throw fail("language '\(value)' is not a BCP 47 tag like ja or zh-CN")
                }
                theme.language = value
            default:
                throw fail("unknown key '\(key)'")
            }
        }
        return theme
    }

    /// Cuts a trailing comment: a `#` after a space or tab (a value may start with `#`).
    static func withoutComment(_ value: Substring) -> Substring {
        var previous: Character = "x"
        for i in value.indices {
            if value[i] == "#", previous == " " || previous == "\t" { return value[..<i] }
            previous = value[i]
        }
        return value
    }

    static func trim(_ s: Substring) -> Substring {
        var s = s
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }

    static func mode(_ value: String, _ fail: (String) -> ThemeError) throws(ThemeError) -> HUDMode {
        switch value {
        case "indeterminate", "spinner": return .indeterminate
        case "determinate", "pie": return .determinate
        case "bar": return .determinateHorizontalBar
        case "ring", "annular": return .annularDeterminate
        case "success": return .success
        case "failure": return .failure
        case "text": return .text
        default: throw fail("mode '\(value)' is not one of indeterminate, pie, bar, ring, success, failure, text")
        }
    }

    static func animation(_ value: String) -> HUDAnimation? {
        switch value {
        case "fade": return .fade
        case "zoom": return .zoom
        case "zoom-in": return .zoomIn
        case "zoom-out": return .zoomOut
        default: return nil
        }
    }

    static func number(_ value: String, _ range: ClosedRange<Double>, _ fail: (String) -> ThemeError) throws(ThemeError) -> Double {
        guard let d = Double(value), d.isFinite, range.contains(d) else {
            throw fail("'\(value)' is not a number in \(range.lowerBound)…\(range.upperBound)")
        }
        return d
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    static func color(_ value: String, _ fail: (String) -> ThemeError) throws(ThemeError) -> HUDColor {
        let hex = value.hasPrefix("#") ? value.dropFirst() : Substring(value)
        guard hex.count == 6 || hex.count == 8, let n = UInt32(hex, radix: 16) else {
            throw fail("colour '\(value)' is not #RRGGBB or #RRGGBBAA")
        }
        let rgba = hex.count == 6 ? (n << 8) | 0xFF : n
        func c(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return HUDColor(red: c(24), green: c(16), blue: c(8), alpha: c(0))
    }
}
