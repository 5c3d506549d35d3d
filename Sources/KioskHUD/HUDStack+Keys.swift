import HUDCore
import HUDInput

extension HUDStack {
    /// A key from an input the HUD reads (libinput on a display, a Wayland
    /// compositor's keyboard): to keystroke watches and prompts
    /// (`type`); Enter that none takes presses the topmost button
    /// (MBProgressHUD's). Releases and keys that mean nothing here are ignored.
    public func press(_ k: KeyPress) {
        guard k.state == .pressed else { return }
        let key: HUDPromptKey?
        if k.isControlC { key = .interrupt } else {
            switch k.key {
            case .enter: key = .enter
            case .backspace: key = .backspace
            case .escape: key = .escape
            default: key = k.text.map(HUDPromptKey.text)
            }
        }
        guard let key else { return }
        if !type(key), key == .enter { _ = activateButton() }
    }
}
