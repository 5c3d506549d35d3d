/// One `key=value` pair of a message; the value is unescaped text.
public struct Field: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
