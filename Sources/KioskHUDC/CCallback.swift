import HUDCore

/// A C callback with its user data and the `kh_hud *` it is called with.
/// The stack calls it on its own thread only.
final class CCallback: @unchecked Sendable {
    typealias Function = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    let function: Function
    let userData: UnsafeMutableRawPointer?
    let hud: OpaquePointer

    init(_ function: Function, userData: UnsafeMutableRawPointer?, hud: OpaquePointer) {
        self.function = function
        self.userData = userData
        self.hud = hud
    }

    func call() { function(hud, userData) }

    /// A completion handler calling it.
    var handler: @Sendable () -> Void { { self.call() } }

    /// A button action calling it.
    var buttonAction: @Sendable (isolated HUDStack) -> Void { { _ in self.call() } }
}
