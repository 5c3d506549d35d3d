/// Why SWUpdate's progress stream cannot be read; each names what was wrong.
public enum SWUpdateProgressError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A progress API version this decoder does not read (from the connect
    /// acknowledgement or a message).
    case unknownVersion(UInt32)
    /// A status number outside `RECOVERY_STATUS`: the stream is not in step
    /// with the layout (e.g. a release that changed the message's size).
    case unknownStatus(UInt32)
    /// `infolen` larger than the `info` field.
    case badInfoLength(UInt32)
    /// A field no message of the expected layout can hold (a percentage over
    /// 100, a version other than the acknowledged one): the messages are laid
    /// out differently, e.g. SWUpdate 2025.12's packed struct, which kept the
    /// version 2.0.0.
    case outOfStep(String)

    public var description: String {
        switch self {
        case .unknownVersion(let v):
            return "SWUpdate's progress API version \(SWUpdateProgressLayout.versionText(v)) is not one this hud reads"
                + " (it reads the unversioned messages of SWUpdate 2022.12 to 2023.05, e.g. Debian 12's, and API 2.0,"
                + " SWUpdate 2023.12 to 2025.05, e.g. Debian 13's)"
        case .unknownStatus(let s):
            return "SWUpdate sent a progress message with status \(s), which no known release sends:"
                + " its messages are not laid out as this hud expects"
        case .outOfStep(let what):
            return "SWUpdate's progress messages are not laid out as this hud reads them (\(what));"
                + " SWUpdate 2025.12 and later pack them without a new version number"
        case .badInfoLength(let n):
            return "SWUpdate sent a progress message whose info length \(n) exceeds its \(SWUpdateProgressLayout.infoSize)-byte field"
        }
    }
}
