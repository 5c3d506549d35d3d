extension PlymouthRequest {
    /// The request's command byte.
    public var command: UInt8 {
        switch self {
        case .ping: return UInt8(ascii: "P")
        case .updateStatus: return UInt8(ascii: "U")
        case .changeMode: return UInt8(ascii: "C")
        case .systemUpdate: return UInt8(ascii: "u")
        case .systemInitialized: return UInt8(ascii: "S")
        case .error: return UInt8(ascii: "!")
        case .showSplash: return UInt8(ascii: "$")
        case .hideSplash: return UInt8(ascii: "H")
        case .deactivate: return UInt8(ascii: "D")
        case .reactivate: return UInt8(ascii: "r")
        case .quit: return UInt8(ascii: "Q")
        case .newRoot: return UInt8(ascii: "R")
        case .hasActiveVT: return UInt8(ascii: "V")
        case .pauseProgress: return UInt8(ascii: "A")
        case .unpauseProgress: return UInt8(ascii: "a")
        case .password: return UInt8(ascii: "*")
        case .question: return UInt8(ascii: "W")
        case .cachedPasswords: return UInt8(ascii: "c")
        case .showMessage: return UInt8(ascii: "M")
        case .hideMessage: return UInt8(ascii: "m")
        case .watchKeystroke: return UInt8(ascii: "K")
        case .ignoreKeystroke: return UInt8(ascii: "L")
        }
    }

    /// The argument as Plymouth's client sends it (nil: none).
    public var argument: String? {
        switch self {
        case .updateStatus(let s), .showMessage(let s), .hideMessage(let s), .newRoot(let s): return s
        case .changeMode(let mode): return mode.changeModeName
        case .systemUpdate(let percent): return String(percent)
        case .quit(let retain): return retain ? "\u{1}" : ""
        case .password(let prompt), .question(let prompt): return prompt
        case .watchKeystroke(let keys), .ignoreKeystroke(let keys): return keys
        default: return nil
        }
    }

    /// The bytes on the wire: `cmd 0x00`, or `cmd 0x02 L argument 0x00` with
    /// `L` the argument's length plus its NUL. An argument longer than 254
    /// bytes is cut there (the length is one byte).
    public var encoded: [UInt8] {
        guard let argument else { return [command, 0] }
        var bytes = Array(argument.utf8.prefix(PlymouthRequestParser.maxArgumentBytes - 1))
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        return [command, 2, UInt8(bytes.count + 1)] + bytes + [0]
    }

    /// The request for command byte `command` with `argument` (the bytes
    /// before its NUL; nil when the request had none).
    /// - Throws: `PlymouthWireError` for an unknown command, a missing
    ///   argument, an unknown mode or a percentage that is not 0...100.
    public static func decode(command: UInt8, argument: [UInt8]?) throws(PlymouthWireError) -> PlymouthRequest {
        let text = argument.map { String(decoding: $0, as: UTF8.self) }
        func required() throws(PlymouthWireError) -> String {
            guard let text else { throw .missingArgument(command: command) }
            return text
        }
        switch command {
        case UInt8(ascii: "P"): return .ping
        case UInt8(ascii: "U"): return .updateStatus(try required())
        case UInt8(ascii: "C"):
            let name = try required()
            guard let mode = SplashMode(changeModeName: name) else { throw .unknownMode(name) }
            return .changeMode(mode)
        case UInt8(ascii: "u"):
            let digits = try required()
            guard digits.utf8.count <= 3, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let percent = Int(digits), percent <= 100 else { throw .badPercent(digits) }
            return .systemUpdate(percent: percent)
        case UInt8(ascii: "S"): return .systemInitialized
        case UInt8(ascii: "!"): return .error
        case UInt8(ascii: "$"): return .showSplash
        case UInt8(ascii: "H"): return .hideSplash
        case UInt8(ascii: "D"): return .deactivate
        case UInt8(ascii: "r"): return .reactivate
        // Plymouth's client sends "" (no retain) or "\x01"; a bare `Q` is no retain.
        case UInt8(ascii: "Q"): return .quit(retainSplash: (argument?.first ?? 0) != 0)
        case UInt8(ascii: "R"): return .newRoot(try required())
        case UInt8(ascii: "V"): return .hasActiveVT
        case UInt8(ascii: "A"): return .pauseProgress
        case UInt8(ascii: "a"): return .unpauseProgress
        case UInt8(ascii: "*"): return .password(prompt: text)
        case UInt8(ascii: "W"): return .question(prompt: text)
        case UInt8(ascii: "c"): return .cachedPasswords
        case UInt8(ascii: "M"): return .showMessage(try required())
        case UInt8(ascii: "m"): return .hideMessage(try required())
        case UInt8(ascii: "K"): return .watchKeystroke(keys: text)
        case UInt8(ascii: "L"): return .ignoreKeystroke(keys: text)
        default: throw .unknownCommand(command)
        }
    }
}
