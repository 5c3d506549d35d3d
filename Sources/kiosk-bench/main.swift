import Glibc
import KioskHUD

// CPU of the HUD over an app's picture, for board/qemu/bench-overlay.sh:
//   kiosk-bench spinner|app|app-hud SECONDS [--no-overlay] [--device PATH]
// spinner: a spinner over a static picture; app: the picture changing at
// 30 fps (a 48-pixel square moving), no HUD; app-hud: both. One line of
// figures after a 1 s warm-up: CPU time of the whole process (getrusage),
// frames and the plane updates of the first output.
func fail(_ text: String, code: Int32) -> Never {
    _ = "kiosk-bench: \(text)\n".withCString { write(2, $0, strlen($0)) }
    exit(code)
}
let args = CommandLine.arguments
guard args.count >= 3, ["spinner", "app", "app-hud"].contains(args[1]), let seconds = Double(args[2]), seconds > 0 else {
    fail("usage: kiosk-bench spinner|app|app-hud SECONDS [--no-overlay] [--device PATH]", code: 2)
}
let mode = args[1]
var options = HUDScreen.Options()
options.allowsOverlayPlane = !args.contains("--no-overlay")
if let i = args.firstIndex(of: "--device"), i + 1 < args.count { options.output = .kms(device: args[i + 1]) }
options.log = { _ in }
options.content = ScreenContent { canvas in
    for y in stride(from: 0, to: canvas.height, by: 64) {
        for x in stride(from: 0, to: canvas.width, by: 64) {
            canvas.fill(PixelRect(x: x, y: y, width: 64, height: 64), rgb: (x / 64 + y / 64) % 2 == 0 ? 0x204080 : 0xE0E0D0)
        }
    }
}
let loop = try EventLoop()
let stack = HUDStack(loop: loop)
let screen: HUDScreen
do { screen = try await HUDScreen.open(showing: stack, options: options) } catch {
    fail("\(error)", code: 1)
}
if mode != "app" {
    var c = HUDConfiguration()
    c.mode = .indeterminate
    _ = await stack.showHUD(c, animated: false)
}
func report() async -> ScreenHeadReport? {
    await withCheckedContinuation { done in loop.execute { done.resume(returning: screen.heads.first) } }
}
func cpuMilliseconds() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    let seconds = Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
    let micros = Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec)
    return seconds * 1000 + micros / 1000
}
let app = Task {
    guard mode != "spinner" else { return }
    let (w, h) = await screen.contentSize ?? (0, 0)
    var frame = 0
    while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(33))
        let old = PixelRect(x: (4 * frame) % (w - 48), y: h - 80, width: 48, height: 48)
        frame += 1
        let new = PixelRect(x: (4 * frame) % (w - 48), y: h - 80, width: 48, height: 48)
        await screen.updateContent { canvas in
            canvas.fill(old, rgb: 0xE0E0D0)
            canvas.fill(new, rgb: 0xFF8000)
            return [old, new]
        }
    }
}
try await Task.sleep(for: .seconds(1))
let before = await report(), cpu0 = cpuMilliseconds()
try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
let after = await report(), cpu1 = cpuMilliseconds()
app.cancel()
let frames = (after?.statistics.framesPresented ?? 0) - (before?.statistics.framesPresented ?? 0)
let hudPlane = (after?.statistics.hudPlaneUpdates ?? 0) - (before?.statistics.hudPlaneUpdates ?? 0)
let contentPlane = (after?.statistics.contentPlaneUpdates ?? 0) - (before?.statistics.contentPlaneUpdates ?? 0)
let pixels = (after?.statistics.pixelsPainted ?? 0) - (before?.statistics.pixelsPainted ?? 0)
let path = after?.composition.map { $0 == "composed" ? "composed" : "overlay" } ?? "none"
let cpu = cpu1 - cpu0
let percent = (cpu / (seconds * 10) * 10).rounded() / 10
let perFrame = frames > 0 ? pixels / frames : 0
print("mode=\(mode) path=\(path) seconds=\(seconds) cpu-ms=\(Int(cpu)) cpu-pct=\(percent) frames=\(frames) "
      + "hud-plane=\(hudPlane) content-plane=\(contentPlane) damage-bounds-per-frame=\(perFrame)")
await screen.close()
exit(0)
