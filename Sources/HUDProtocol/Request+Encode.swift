extension Request {
    /// The request as one line, newline included.
    public func encoded() -> String {
        var fields: [Field] = []
        switch self {
        case .hello(let v): fields = [Field("protocol", String(v))]
        case .ping, .status, .reload, .wait, .waitButton, .pressButton: break
        case .show(let s), .update(let s): fields = s.fields
        case .progress(let p): fields = [Field("percent", Self.number(p))]
        case .message(let t): fields = [Field("text", t)]
        case .hide(let after, let animated):
            if let after { fields.append(Field("after", Self.number(after))) }
            if !animated { fields.append(Field("animated", "false")) }
        case .quit(let retain):
            if retain { fields = [Field("retain", "true")] }
        case .newroot(let dir): fields = [Field("dir", dir)]
        case .ask(let kind, let prompt): fields = [Field("kind", kind.rawValue), Field("prompt", prompt)]
        case .type(let text, let key):
            if !text.isEmpty || key == nil { fields.append(Field("text", text)) }
            if let key { fields.append(Field("key", key.rawValue)) }
        }
        return RawMessage(verb: verb, fields: fields).encoded() + "\n"
    }

    /// A number the way the parser reads it back: no exponent.
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        // Six decimals are finer than any value here needs (ms, 1e-6 %).
        let scaled = (abs(d) * 1_000_000).rounded()
        let whole = Int(scaled / 1_000_000), frac = Int(scaled.truncatingRemainder(dividingBy: 1_000_000))
        var f = String(frac)
        f = String(repeating: "0", count: 6 - f.count) + f
        while f.hasSuffix("0") { f.removeLast() }
        return (d < 0 ? "-" : "") + String(whole) + (f.isEmpty ? "" : "." + f)
    }
}

extension HUDSettings {
    var fields: [Field] {
        var f: [Field] = []
        if let mode { f.append(Field("mode", mode.rawValue)) }
        if let imagePath { f.append(Field("image", imagePath)) }
        if let label { f.append(Field("label", label)) }
        if let details { f.append(Field("details", details)) }
        if let progressPercent { f.append(Field("progress", Request.number(progressPercent))) }
        if let graceSeconds { f.append(Field("grace", Request.number(graceSeconds))) }
        if let minShowSeconds { f.append(Field("min-show", Request.number(minShowSeconds))) }
        if let animation { f.append(Field("animation", animation.rawValue)) }
        if let animated { f.append(Field("animated", animated ? "true" : "false")) }
        if let button { f.append(Field("button", button)) }
        return f
    }
}
