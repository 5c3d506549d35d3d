import Glibc
import KioskHUD

let loop = try EventLoop()                      // owns the display's fds and timers
let stack = HUDStack(loop: loop)                // the HUDs on one display
let screen: HUDScreen                           // every connected display; fbdev while no GPU
do { screen = try await HUDScreen.open(showing: stack) } catch {
    print("no display: \(error)")
    exit(1)
}
var config = HUDConfiguration()
config.mode = .annularDeterminate
config.label.text = "Updating firmware…"
config.minShowTime = .seconds(1)
let hud = await stack.showHUD(config)           // fades in over 0.3 s
await hud.update { $0.progress = 0.42 }
await screen.waitUntilSettled()                 // on screen, label drawn
print("shown on \(screen.summary)")
await hud.hide(animated: true, afterDelay: .seconds(3))
await hud.waitUntilHidden()
await screen.close()                            // the console comes back
