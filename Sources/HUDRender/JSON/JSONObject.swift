/// A JSON object: members in file order (keys are unique; the parser rejects duplicates).
public struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair and where its key starts.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public var position: JSONPosition
    }

    public var members: [Member]

    public init(members: [Member] = []) { self.members = members }

    public subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }
}
