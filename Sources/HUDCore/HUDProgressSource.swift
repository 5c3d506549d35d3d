/// Something that knows how far a task has got (MBProgressHUD's `progressObject`).
///
/// While a HUD with a source is shown, the source is read once per frame and
/// its value replaces `progress`. It is read on the HUD's loop: keep it cheap.
public protocol HUDProgressSource: Sendable {
    /// The fraction done, ideally in 0...1; other values are clamped and NaN ignored.
    func fractionCompleted() -> Double
}
