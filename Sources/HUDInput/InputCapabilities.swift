/// What libinput uses a device as (`libinput_device_has_capability`).
public struct InputCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let keyboard = InputCapabilities(rawValue: 1 << 0)
    public static let pointer = InputCapabilities(rawValue: 1 << 1)
    public static let touch = InputCapabilities(rawValue: 1 << 2)

    public var description: String {
        let names = [(Self.keyboard, "keyboard"), (.pointer, "pointer"), (.touch, "touch")].filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
