import Glibc
import KioskHUD

// A kiosk app that owns its screen: a menu drawn with Cairo (a checkerboard, a shaped title, an orange
// square that never stops moving), "Processing…" over it, a success mark, then
// its own picture alone again. Test options: --no-overlay, --capture DIR, --step, --no-content.
let args = CommandLine.arguments
/// The value after `flag`; a flag given last without one is an error, not a crash.
func value(_ flag: String) -> String? {
    guard let i = args.firstIndex(of: flag) else { return nil }
    guard i + 1 < args.count else {
        _ = "kiosk: \(flag) needs a value\n".withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    return args[i + 1]
}
let capture = value("--capture")
var options = HUDScreen.Options()
options.allowsOverlayPlane = !args.contains("--no-overlay")
options.writebackCapture = capture != nil
if capture != nil { options.mode = ModeRequest(width: 1024, height: 768) }  // vkms's writeback lists no preferred mode
if let device = value("--device") { options.output = .kms(device: device) }
func say(_ line: String) { _ = "kiosk: \(line)\n".withCString { write(2, $0, strlen($0)) } }

let tile = 64, squareSide = 48
/// The orange square at `frame`: 4 pixels further each frame, along the bottom.
func squareRect(frame: Int, width: Int, height: Int) -> PixelRect {
    PixelRect(x: (4 * frame) % (width - squareSide), y: height - 80, width: squareSide, height: squareSide)
}
func rgb(_ value: UInt32) -> HUDColor {
    HUDColor(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
}
func box(_ r: PixelRect) -> HUDRect { HUDRect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)) }
/// Repaints `rect` of the menu as it is at `frame` (the square at its place then), with Cairo:
/// a checkerboard, a white title band with the menu's title in three scripts, the square.
func drawMenu(_ canvas: inout ContentCanvas, _ rect: PixelRect, frame: Int) {
    let w = canvas.width, h = canvas.height
    do {
        try canvas.drawWithCairo { cairo in
            cairo.rectangle(box(rect))
            cairo.clip()
            for ty in stride(from: rect.y / tile * tile, to: rect.maxY, by: tile) {
                for tx in stride(from: rect.x / tile * tile, to: rect.maxX, by: tile) {
                    cairo.setColor(rgb((tx / tile + ty / tile) % 2 == 0 ? 0x204080 : 0xE0E0D0))
                    cairo.rectangle(HUDRect(x: Double(tx), y: Double(ty), width: Double(tile), height: Double(tile)))
                    cairo.fill()
                }
            }
            if rect.y < 64 {
                cairo.setColor(rgb(0xFFFFFF))
                cairo.rectangle(HUDRect(x: 0, y: 0, width: Double(w), height: 64))
                cairo.fill()
                // Shaped by KioskHUD's text stack: fallback fonts for the Japanese, bidi for the Arabic.
                let title = try cairo.layOut("Kiosk menu · メニュー · القائمة", font: HUDFont(size: 26),
                                             maximumWidth: Double(w - 32), maximumLines: 1)
                try cairo.draw(title, x: 16, y: (64 - title.height) / 2, color: rgb(0x000000))
            }
            cairo.setColor(rgb(0xFF8000))
            cairo.rectangle(box(squareRect(frame: frame, width: w, height: h)))
            cairo.fill()
        }
    } catch {
        say("drawing the menu: \(error)")
    }
}

if !args.contains("--no-content") {
    options.content = ScreenContent { canvas in drawMenu(&canvas, canvas.bounds, frame: 0) }
}
let loop = try EventLoop()
let stack = HUDStack(loop: loop)
let screen: HUDScreen
do { screen = try await HUDScreen.open(showing: stack, options: options) } catch {
    say("no display: \(error)")
    exit(1)
}
func heads() async -> [ScreenHeadReport] {
    await withCheckedContinuation { done in loop.execute { done.resume(returning: screen.heads) } }
}
for head in await heads() {
    say("path \(head.name) \(head.composition == nil || head.composition == "composed" ? "composed" : "overlay") "
        + "\(head.composition ?? "no app picture")\(head.compositionReason.map { ": \($0)" } ?? "")")
}
let firstHead = await heads().first
let (width, height) = await screen.contentSize ?? firstHead?.uprightSize ?? (0, 0)
say("size \(width)x\(height)")

/// The app's own animation: 30 frames a second, the square moved each time.
actor Animation {
    private(set) var frame = 0
    private var waiters: [(frame: Int, resume: CheckedContinuation<Void, Never>)] = []
    func advanced() {
        frame += 1
        let due = waiters.filter { $0.frame <= frame }
        waiters.removeAll { $0.frame <= frame }
        for w in due { w.resume.resume() }
    }
    /// Returns once the app has drawn `count` more frames.
    func waitFor(_ count: Int) async {
        await withCheckedContinuation { waiters.append((frame + count, $0)) }
    }
}
let animation = Animation()
let animating = Task {
    while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(33))
        let f = await animation.frame + 1
        await screen.updateContent { canvas in
            let old = squareRect(frame: f - 1, width: canvas.width, height: canvas.height)
            let new = squareRect(frame: f, width: canvas.width, height: canvas.height)
            drawMenu(&canvas, old, frame: f)
            drawMenu(&canvas, new, frame: f)
            return [old, new]
        }
        await animation.advanced()
    }
}

/// Once the screen shows it: a capture, the stage line, and with --step a line read before going on.
func stage(_ name: String, bezel: Bool = true) async {
    await screen.waitUntilSettled()
    if let capture {
        do { try await screen.captureFrame(toPPM: "\(capture)/\(name).ppm") } catch { say("capture \(name): \(error)") }
    }
    let b = bezel ? await heads().first?.layout?.bezel : nil
    say("stage \(name)" + (b.map { " bezel=\($0.x),\($0.y),\($0.width),\($0.height)" } ?? ""))
    if args.contains("--step") { _ = readLine() }
}

await stage("content", bezel: false)
var config = HUDConfiguration()
config.mode = .annularDeterminate
config.progress = 0.5
config.label.text = "Processing…"
let hud = await stack.showHUD(config)
await stage("processing")
await hud.update {
    $0.mode = .success
    $0.label.text = "Done"
}
await stage("success")
await animation.waitFor(10)
await stage("success-later")
await hud.hide(animated: true)
await hud.waitUntilHidden()
await stage("hidden", bezel: false)
animating.cancel()
say("done frames=\(await animation.frame)")
await screen.close()
exit(0)
