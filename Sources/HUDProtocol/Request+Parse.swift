extension Request {
    /// Parses one request line (no newline).
    /// - Throws: `ProtocolError` naming what was wrong: the byte, key or value.
    public static func parse(_ line: [UInt8]) throws(ProtocolError) -> Request {
        try parse(RawMessage.split(line))
    }

    /// Interprets a split message.
    public static func parse(_ message: RawMessage) throws(ProtocolError) -> Request {
        var r = FieldReader(message)
        let request: Request
        switch message.verb {
        case "hello":
            guard let v = try r.integer("protocol") else {
                throw ProtocolError(.missingKey, "'hello' needs protocol=N")
            }
            request = .hello(protocolVersion: v)
        case "ping": request = .ping
        case "status": request = .status
        case "reload": request = .reload
        case "wait": request = .wait
        case "wait-button": request = .waitButton
        case "press-button": request = .pressButton
        case "show": request = .show(try settings(&r))
        case "update":
            let s = try settings(&r)
            guard !s.isEmpty else {
                throw ProtocolError(.missingKey, "'update' needs at least one of \(HUDSettings.keys.joined(separator: ", "))")
            }
            request = .update(s)
        case "progress":
            guard let p = try r.number("percent", in: 0...100, unit: "%") else {
                throw ProtocolError(.missingKey, "'progress' needs percent=N (0…100)")
            }
            request = .progress(percent: p)
        case "message":
            guard let t = try r.text("text", maxBytes: ProtocolLimits.maxLabelBytes, multiline: false) else {
                throw ProtocolError(.missingKey, "'message' needs text=…")
            }
            request = .message(t)
        case "hide":
            let after = try r.number("after", in: 0...ProtocolLimits.maxHideDelaySeconds, unit: " s")
            request = .hide(afterSeconds: after, animated: try r.bool("animated") ?? true)
        case "quit":
            request = .quit(retain: try r.bool("retain") ?? false)
        case "ask":
            guard let k = r.take("kind") else {
                throw ProtocolError(.missingKey, "'ask' needs kind=\(WirePromptKind.allCases.map(\.rawValue).joined(separator: "|"))")
            }
            guard let kind = WirePromptKind(rawValue: k) else {
                throw ProtocolError(.badValue, "kind=\(FieldReader.clip(k)) is not one of \(WirePromptKind.namesList)")
            }
            let prompt = try r.text("prompt", maxBytes: ProtocolLimits.maxLabelBytes, multiline: false) ?? ""
            request = .ask(kind, prompt: prompt)
        case "type":
            let text = try r.text("text", maxBytes: ProtocolLimits.maxLabelBytes, multiline: false)
            // What a keyboard types: no control characters (Enter, Ctrl-C, ... are keys).
            if let text, text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw ProtocolError(.badValue, "text= holds a control character; type printable text, and name keys with key=")
            }
            var key: WireKey?
            if let k = r.take("key") {
                guard let named = WireKey(rawValue: k) else {
                    throw ProtocolError(.badValue, "key=\(FieldReader.clip(k)) is not one of \(WireKey.namesList)")
                }
                key = named
            }
            guard text != nil || key != nil else {
                throw ProtocolError(.missingKey, "'type' needs text=… or key=\(WireKey.allCases.map(\.rawValue).joined(separator: "|")) (or both)")
            }
            request = .type(text: text ?? "", key: key)
        case "newroot":
            guard let dir = try r.text("dir", maxBytes: ProtocolLimits.maxPathBytes, multiline: false) else {
                throw ProtocolError(.missingKey, "'newroot' needs dir=/path/of/the/new/root")
            }
            guard dir.hasPrefix("/") else {
                throw ProtocolError(.badValue, "dir=\(FieldReader.clip(dir)) must be an absolute path")
            }
            request = .newroot(directory: dir)
        default:
            throw ProtocolError(.unknownCommand, "unknown command '\(FieldReader.clip(message.verb).dropFirst().dropLast())' (known: \(verbs.joined(separator: ", ")))")
        }
        try r.finish()
        return request
    }

    private static func settings(_ r: inout FieldReader) throws(ProtocolError) -> HUDSettings {
        var s = HUDSettings()
        if let m = r.take("mode") {
            guard let mode = WireMode(wireName: m) else {
                throw ProtocolError(.badValue, "mode=\(FieldReader.clip(m)) is not one of \(WireMode.namesList)")
            }
            s.mode = mode
        }
        s.imagePath = try r.text("image", maxBytes: ProtocolLimits.maxPathBytes, multiline: false)
        if let path = s.imagePath, !path.hasPrefix("/") {
            throw ProtocolError(.badValue, "image=\(FieldReader.clip(path)) must be an absolute path")
        }
        if s.mode == .image, s.imagePath == nil {
            throw ProtocolError(.missingKey, "mode=image needs image=/path/to.png")
        }
        s.label = try r.text("label", maxBytes: ProtocolLimits.maxLabelBytes, multiline: false)
        s.details = try r.text("details", maxBytes: ProtocolLimits.maxDetailsBytes, multiline: true)
        s.progressPercent = try r.number("progress", in: 0...100, unit: "%")
        s.graceSeconds = try r.number("grace", in: 0...ProtocolLimits.maxShowTimeSeconds, unit: " s")
        s.minShowSeconds = try r.number("min-show", in: 0...ProtocolLimits.maxShowTimeSeconds, unit: " s")
        if let a = r.take("animation") {
            guard let animation = WireAnimation(rawValue: a) else {
                throw ProtocolError(.badValue, "animation=\(FieldReader.clip(a)) is not one of \(WireAnimation.namesList)")
            }
            s.animation = animation
        }
        s.animated = try r.bool("animated")
        s.button = try r.text("button", maxBytes: ProtocolLimits.maxButtonTitleBytes, multiline: false)
        return s
    }
}
