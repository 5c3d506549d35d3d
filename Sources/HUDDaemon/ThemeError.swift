/// A theme file could not be used at all: the file and what was wrong.
public struct ThemeError: Error, CustomStringConvertible, Sendable, Hashable {
    public var path: String
    public var message: String

    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "theme \(path): \(message)" }
}
