import HUDSystem

/// Plymouth's abstract socket, bound and listening, handed to the
/// `DaemonServer` that will serve it: `hud plymouthd` binds it first, so a
/// name held by a running daemon is found before the display is touched.
public struct BoundPlymouthSocket: Sendable {
    /// The listening socket; the `DaemonServer` serving it closes it.
    public let fd: FileDescriptor
    /// The name it is bound to.
    public let address: UnixSocketAddress

    /// Binds `name` (see `UnixSocketListener.init(abstractName:)`).
    /// - Throws: `DaemonError.nameTaken` when a running daemon holds it.
    public static func bind(name: String) throws(DaemonError) -> BoundPlymouthSocket {
        let listener = try UnixSocketListener(abstractName: name)
        let address = listener.address
        return BoundPlymouthSocket(fd: listener.detach(), address: address)
    }
}
