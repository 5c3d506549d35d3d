/// A device libinput took or let go of.
public struct InputDeviceInfo: Sendable, Equatable, CustomStringConvertible {
    /// Its node, e.g. `/dev/input/event3` (`libinput_device_get_sysname`).
    public var path: String
    /// The kernel's name for it (`libinput_device_get_name`), e.g. `QEMU Virtio Keyboard`.
    public var name: String
    public var capabilities: InputCapabilities

    public init(path: String, name: String, capabilities: InputCapabilities) {
        self.path = path
        self.name = name
        self.capabilities = capabilities
    }

    public var description: String { "\(path) \"\(name)\" (\(capabilities))" }
}
