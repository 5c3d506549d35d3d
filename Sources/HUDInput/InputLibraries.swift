internal import CLazyInput
import HUDSystem

/// libinput and xkbcommon, loaded on first use (CLazyInput: `dlopen`,
/// `dlsym`), so that no `hud` command that reads no input loads them.
enum InputLibraries {
    /// - Throws: `SystemError` naming `dlopen` and what was missing.
    static func load() throws(SystemError) {
        if let failure = kiosk_input_try_load() {
            throw SystemError(call: "dlopen", subject: "libinput.so.10, libxkbcommon.so.0", detail: String(cString: failure))
        }
    }
}
