/// A theme file could not be used: the file, line and what was wrong.
public struct ThemeError: Error, CustomStringConvertible, Sendable, Hashable {
    public var path: String
    public var line: Int?
    public var message: String

    public init(path: String, line: Int? = nil, _ message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
    }
}
