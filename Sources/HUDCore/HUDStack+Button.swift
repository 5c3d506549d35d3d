/// MBProgressHUD's button: where it is, pressing it with a pointer or touch,
/// activating it by key. Input sources call these on the stack's loop; the
/// display tells the stack where buttons are drawn (`setButtonFrames`).
extension HUDStack {
    /// Where each HUD's button is drawn, by HUD id, in points on the upright
    /// picture: what `HUDRenderer.buttonFrames` answers after each update.
    /// A HUD left out has no button to hit.
    public func setButtonFrames(_ frames: [Int: HUDRect]) {
        buttonFrames = frames
    }

    /// Whether `hud` shows a button that can be pressed now: it has a title
    /// and the HUD is shown (not in its grace time, hiding or hidden).
    public func isButtonPressable(_ hud: HUD) -> Bool {
        entry(hud)?.isButtonPressable ?? false
    }

    /// The topmost pressable HUD whose button contains `point` (points on the upright picture).
    public func buttonHit(at point: HUDPoint) -> HUD? {
        entries.last { $0.isButtonPressable && buttonFrames[$0.id]?.contains(point) == true }
            .map { HUD(id: $0.id, stack: self) }
    }

    /// A touch or button press at `point`: when it lands on a button, that
    /// button is held and drawn highlighted until `pointerUp` or `pointerCancelled`.
    /// - Returns: whether a button took the press (the input should not pass it on).
    @discardableResult
    public func pointerDown(at point: HUDPoint) -> Bool {
        releaseHeldButtons()
        guard let hud = buttonHit(at: point), let e = entry(hud) else { return false }
        e.buttonHeld = true
        e.buttonPointerInside = true
        invalidate()
        return true
    }

    /// The held pointer moved: the highlight follows whether it is inside the button.
    public func pointerMoved(to point: HUDPoint) {
        for e in entries where e.buttonHeld {
            let inside = buttonFrames[e.id]?.contains(point) == true
            guard inside != e.buttonPointerInside else { continue }
            e.buttonPointerInside = inside
            if e.isButtonPressable { invalidate() }
        }
    }

    /// The pointer was released at `point`: a held button whose HUD is still
    /// shown runs its action when `point` is inside it; outside, nothing happens.
    /// - Returns: whether an action ran.
    @discardableResult
    public func pointerUp(at point: HUDPoint) -> Bool {
        guard let e = entries.first(where: { $0.buttonHeld }) else { return false }
        let pressed = e.isButtonPressable && buttonFrames[e.id]?.contains(point) == true
        releaseHeldButtons()
        guard pressed else { return false }
        return runButtonAction(of: e)
    }

    /// The touch was taken away (device unplugged, gesture cancelled): no action.
    public func pointerCancelled() {
        releaseHeldButtons()
    }

    /// Enter: presses the button of the topmost HUD that shows one.
    /// - Returns: whether there was one (its action, if any, ran).
    @discardableResult
    public func activateButton() -> Bool {
        guard let e = entries.last(where: { $0.isButtonPressable }) else { return false }
        releaseHeldButtons()
        runButtonAction(of: e)
        return true
    }

    /// Presses `hud`'s button as `activateButton` does, when it is pressable.
    /// - Returns: whether it was.
    @discardableResult
    public func pressButton(of hud: HUD) -> Bool {
        guard let e = entry(hud), e.isButtonPressable else { return false }
        releaseHeldButtons()
        runButtonAction(of: e)
        return true
    }

    private func releaseHeldButtons() {
        for e in entries where e.buttonHeld {
            let wasDrawn = e.buttonPointerInside && e.isButtonPressable
            e.buttonHeld = false
            e.buttonPointerInside = false
            if wasDrawn { invalidate() }
        }
    }

    @discardableResult
    private func runButtonAction(of e: HUDEntry) -> Bool {
        guard let action = e.buttonAction else { return false }
        action(self)
        return true
    }
}
