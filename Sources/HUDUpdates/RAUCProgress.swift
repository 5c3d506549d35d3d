/// RAUC's `Progress` property: a percentage, the message of the step
/// running and how deep that step is nested (1 for "Installing").
public struct RAUCProgress: Sendable, Hashable {
    public var percent: Int
    public var message: String
    public var depth: Int

    public init(percent: Int, message: String, depth: Int) {
        self.percent = percent
        self.message = message
        self.depth = depth
    }
}
