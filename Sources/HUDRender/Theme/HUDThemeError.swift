/// One problem in a theme file: which file, which key (a dotted path such
/// as `label.fontSize`), where, and what was wrong.
public struct HUDThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Nil for problems with the whole file (unreadable, not JSON).
    public var key: String?
    public var position: JSONPosition?
    public var message: String

    public init(file: String, key: String? = nil, position: JSONPosition? = nil, message: String) {
        self.file = file
        self.key = key
        self.position = position
        self.message = message
    }

    public var description: String {
        var s = file
        if let position { s += ":\(position)" }
        if let key { s += ": key \"\(key)\"" }
        return s + ": " + message
    }
}
