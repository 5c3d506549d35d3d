import HUDCore

/// Maps theme JSON onto `HUDTheme` key by key, collecting a problem for
/// each unknown key or bad value and skipping it.
struct HUDThemeReader {
    let file: String
    var problems: [HUDThemeError] = []

    init(file: String) { self.file = file }

    mutating func read(_ root: JSONValue) -> HUDTheme {
        var theme = HUDTheme()
        guard case .object(let object) = root else {
            problems.append(HUDThemeError(file: file, message: "the top level must be an object, found \(root.summary)"))
            return theme
        }
        for m in object.members {
            let key = m.key, at = m.position, v = m.value
            switch key {
            case "name": _ = string(v, key, at)
            case "bezelStyle":
                theme.bezelStyle = choice(v, key, at, ["blur": HUDBezelStyle.blur, "solidColor": .solidColor, "solid": .solidColor])
            case "bezelColor": theme.bezelColor = color(v, key, at)
            case "contentColor": theme.contentColor = color(v, key, at)
            case "backgroundColor": theme.backgroundColor = color(v, key, at)
            case "cornerRadius": theme.cornerRadius = number(v, key, at, min: 0, max: 1000)
            case "margin": theme.margin = number(v, key, at, min: 0, max: 1000)
            case "minSize": theme.minSize = size(v, key, at)
            case "square": theme.isSquare = bool(v, key, at)
            case "label": theme.label = label(v, key, at)
            case "details": theme.details = label(v, key, at)
            case "blurRadius": theme.blurRadius = number(v, key, at, min: 0, max: 200)
            case "maximumTextWidth": theme.maximumTextWidth = number(v, key, at, min: 10, max: 10000)
            case "indicatorSize": theme.indicatorSize = number(v, key, at, min: 8, max: 512)
            case "textAlignment":
                theme.textAlignment = choice(v, key, at, ["center": TextAlignment.center, "natural": .natural])
            case "language": theme.language = string(v, key, at)
            case "screen": readScreen(v, key, at, into: &theme)
            case "motion": readMotion(v, key, at, into: &theme)
            default: unknown(key, at, allowed: HUDTheme.keys)
            }
        }
        return theme
    }

    private mutating func readScreen(_ v: JSONValue, _ key: String, _ at: JSONPosition, into theme: inout HUDTheme) {
        guard case .object(let o) = v else { return bad(key, at, "an object", v) }
        for m in o.members {
            let k = "\(key).\(m.key)"
            switch m.key {
            case "color": theme.screenColor = color(m.value, k, m.position)
            case "image":
                if let path = string(m.value, k, m.position) { theme.screenImage = resolve(path) }
            case "placement":
                theme.imagePlacement = choice(m.value, k, m.position, ["hudOver": HUDBackdrop.Placement.hudOver, "hudBelow": .hudBelow])
            default: unknown(k, m.position, allowed: ["color", "image", "placement"])
            }
        }
    }

    private mutating func readMotion(_ v: JSONValue, _ key: String, _ at: JSONPosition, into theme: inout HUDTheme) {
        guard case .object(let o) = v else { return bad(key, at, "an object", v) }
        for m in o.members {
            let k = "\(key).\(m.key)"
            switch m.key {
            case "enabled": theme.motionEnabled = bool(m.value, k, m.position)
            case "amplitude": theme.motionAmplitude = number(m.value, k, m.position, min: 0, max: 200)
            case "neutral": theme.motionNeutral = choice(m.value, k, m.position, ["flat": "flat", "start": "start"])
            case "mountMatrix": theme.motionMountMatrix = string(m.value, k, m.position)
            default: unknown(k, m.position, allowed: ["enabled", "amplitude", "neutral", "mountMatrix"])
            }
        }
    }

    private mutating func label(_ v: JSONValue, _ key: String, _ at: JSONPosition) -> HUDThemeLabel {
        var l = HUDThemeLabel()
        guard case .object(let o) = v else { bad(key, at, "an object", v); return l }
        for m in o.members {
            let k = "\(key).\(m.key)"
            switch m.key {
            case "fontFamily": l.fontFamily = string(m.value, k, m.position)
            case "fontSize": l.fontSize = number(m.value, k, m.position, min: 1, max: 500)
            case "bold": l.bold = bool(m.value, k, m.position)
            case "color": l.color = color(m.value, k, m.position)
            case "maximumLines": l.maximumLines = number(m.value, k, m.position, min: 0, max: 1000, integer: true).map { Int($0) }
            default: unknown(k, m.position, allowed: ["fontFamily", "fontSize", "bold", "color", "maximumLines"])
            }
        }
        return l
    }

    /// A relative image path is relative to the theme file's directory.
    private func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    // MARK: Values

    private mutating func bad(_ key: String, _ at: JSONPosition, _ expected: String, _ found: JSONValue) {
        problems.append(HUDThemeError(file: file, key: key, position: at, message: "expected \(expected), found \(found.summary)"))
    }

    private mutating func unknown(_ key: String, _ at: JSONPosition, allowed: [String]) {
        problems.append(HUDThemeError(file: file, key: key, position: at,
                                      message: "unknown key (known here: \(allowed.joined(separator: ", ")))"))
    }

    private mutating func string(_ v: JSONValue, _ key: String, _ at: JSONPosition) -> String? {
        guard case .string(let s) = v else { bad(key, at, "a string", v); return nil }
        return s
    }

    private mutating func bool(_ v: JSONValue, _ key: String, _ at: JSONPosition) -> Bool? {
        guard case .bool(let b) = v else { bad(key, at, "true or false", v); return nil }
        return b
    }

    private mutating func number(_ v: JSONValue, _ key: String, _ at: JSONPosition,
                                 min: Double, max: Double, integer: Bool = false) -> Double? {
        let what = integer ? "a whole number from \(Int(min)) to \(Int(max))" : "a number from \(JSONValue.number(min).summary) to \(JSONValue.number(max).summary)"
        guard case .number(let n) = v, n >= min, n <= max, !integer || n == n.rounded() else {
            bad(key, at, what, v)
            return nil
        }
        return n
    }

    private mutating func color(_ v: JSONValue, _ key: String, _ at: JSONPosition) -> HUDColor? {
        guard case .string(let s) = v, let c = HexColor.parse(s) else {
            bad(key, at, "a colour \"#rrggbb\" or \"#rrggbbaa\"", v)
            return nil
        }
        return c
    }

    private mutating func size(_ v: JSONValue, _ key: String, _ at: JSONPosition) -> HUDSize? {
        guard case .object(let o) = v else { bad(key, at, "an object {\"width\": …, \"height\": …}", v); return nil }
        var w: Double?, h: Double?
        for m in o.members {
            let k = "\(key).\(m.key)"
            switch m.key {
            case "width": w = number(m.value, k, m.position, min: 0, max: 10000)
            case "height": h = number(m.value, k, m.position, min: 0, max: 10000)
            default: unknown(k, m.position, allowed: ["width", "height"])
            }
        }
        guard let w, let h else {
            if o["width"] == nil || o["height"] == nil {
                problems.append(HUDThemeError(file: file, key: key, position: at, message: "needs both \"width\" and \"height\""))
            }
            return nil
        }
        return HUDSize(width: w, height: h)
    }

    private mutating func choice<T>(_ v: JSONValue, _ key: String, _ at: JSONPosition, _ options: KeyValuePairs<String, T>) -> T? {
        if case .string(let s) = v, let hit = options.first(where: { $0.key == s }) { return hit.value }
        bad(key, at, "one of " + options.map { "\"\($0.key)\"" }.joined(separator: ", "), v)
        return nil
    }
}
