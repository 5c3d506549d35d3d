/// One kernel uevent as the netlink socket delivers it: a header
/// (`change@/devices/...`) and `KEY=VALUE` fields, NUL-separated.
public struct Uevent: Sendable, Equatable {
    public var header: String
    public var fields: [String: String]

    /// Parses a datagram; nil when it is not a kernel uevent (e.g. udev's
    /// own `libudev` messages, which start with that word).
    public init?<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: true)
        guard let first = parts.first else { return nil }
        header = String(decoding: first, as: UTF8.self)
        guard header.contains("@"), !header.hasPrefix("libudev") else { return nil }
        fields = [:]
        for part in parts.dropFirst() {
            guard let eq = part.firstIndex(of: UInt8(ascii: "=")) else { continue }
            fields[String(decoding: part[part.startIndex..<eq], as: UTF8.self)] =
                String(decoding: part[part.index(after: eq)...], as: UTF8.self)
        }
    }

    /// A DRM connector was plugged or unplugged (`SUBSYSTEM=drm`, `HOTPLUG=1`).
    public var isDRMHotplug: Bool { fields["SUBSYSTEM"] == "drm" && fields["HOTPLUG"] == "1" }
}
