/// The abstract Unix socket names Plymouth's clients connect to (Linux
/// abstract namespace: the address is a NUL byte, then the name).
public enum PlymouthSocketName {
    /// plymouthd's socket. Bound with the trimmed address length
    /// (`offsetof(sun_path) + 1 + 26` = 29 bytes): the same name padded with
    /// NULs to the full `sun_path` is another socket, one no client reaches.
    public static let current = "/org/freedesktop/plymouthd"
    /// The name clients try when `current` does not answer (bound untrimmed by old daemons).
    public static let old = "/ply-boot-protocol"
}
