/// Told when a HUD has gone (MBProgressHUD's `hudWasHidden:`).
public protocol HUDDelegate: AnyObject, Sendable {
    /// Called on the HUD's loop once per show, after the completion handler.
    func hudWasHidden(_ hud: HUD)
}
