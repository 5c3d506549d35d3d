/// A mode asked for on the command line: `WxH` or `WxH@Hz`.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// `nil` accepts any refresh rate (the highest is picked).
    public var refreshRate: Int?

    public init(width: Int, height: Int, refreshRate: Int? = nil) {
        self.width = width
        self.height = height
        self.refreshRate = refreshRate
    }

    /// Parses `1280x800` or `1280x800@60`.
    /// - Throws: `ModeRequestError` naming the text and what is wrong with it.
    public init(parsing text: String) throws(ModeRequestError) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2 else {
            throw ModeRequestError(text: text, problem: "expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60")
        }
        guard let w = Int(size[0]), let h = Int(size[1]) else {
            throw ModeRequestError(text: text, problem: "width and height must be whole numbers")
        }
        guard (1...16384).contains(w), (1...16384).contains(h) else {
            throw ModeRequestError(text: text, problem: "width and height must be 1...16384")
        }
        var hz: Int?
        if parts.count == 2 {
            guard let r = Int(parts[1]) else {
                throw ModeRequestError(text: text, problem: "refresh rate after @ must be a whole number of Hz")
            }
            guard (1...1000).contains(r) else {
                throw ModeRequestError(text: text, problem: "refresh rate must be 1...1000 Hz")
            }
            hz = r
        }
        self.init(width: w, height: h, refreshRate: hz)
    }

    /// Whether `mode` satisfies this request.
    public func matches(_ mode: DisplayMode) -> Bool {
        mode.width == width && mode.height == height && (refreshRate.map { $0 == mode.roundedRefresh } ?? true)
    }

    /// The best of `modes` for this request: the highest refresh among matches.
    public func pick(from modes: [DisplayMode]) -> DisplayMode? {
        modes.filter(matches).max { $0.refreshRate < $1.refreshRate }
    }

    public var description: String {
        "\(width)x\(height)" + (refreshRate.map { "@\($0)" } ?? "")
    }
}

/// A `--mode` value that is not `WxH` or `WxH@Hz`.
public struct ModeRequestError: Error, CustomStringConvertible, Sendable, Equatable {
    public var text: String
    public var problem: String
    public var description: String { "invalid mode \"\(text)\": \(problem)" }
}
