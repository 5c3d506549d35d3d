/// The version of the `hud` socket protocol (docs/protocol.md).
///
/// The daemon greets each client with `kioskhud protocol=<current>`; a client
/// may send `hello protocol=<n>` and is refused unless `n` is supported.
public enum ProtocolVersion {
    /// The version this build speaks.
    public static let current = 1
    /// The versions a daemon of this build accepts in `hello`.
    public static let supported: ClosedRange<Int> = 1...1
}
