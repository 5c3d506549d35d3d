import Glibc
import HUDCore
import HUDRender

// Renderer figures for a 1920×1080 XRGB8888 screen, each compared with one
// memcpy of the full frame measured in the same run. Build with -c release.

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// Fastest milliseconds of `body` over `runs` runs after `warmup` runs: on a
/// machine shared with other work the minimum is the figure that repeats.
func measure(runs: Int, warmup: Int = 5, _ body: (Int) throws -> Void) rethrows -> Double {
    for i in 0..<warmup { try body(i) }
    var times: [Double] = []
    times.reserveCapacity(runs)
    for i in 0..<runs {
        let t0 = now()
        try body(warmup + i)
        times.append(now() - t0)
    }
    times.sort()
    return times[0]
}

func fmt(_ ms: Double) -> String {
    let us = (ms * 1000).rounded()
    return us < 10_000 ? "\(Int(us)) µs" : "\(Int(ms.rounded())) ms"
}

func ratio(_ a: Double, _ b: Double) -> String {
    let r = a / b
    return r < 0.1 ? "\(Double(Int(r * 10000)) / 100)%" : "\(Double(Int(r * 100)) / 100)×"
}

/// A logo with sharp edges, so the blur has something to blur.
func writeLogo(_ path: String) {
    guard let owned = try? OwnedPixelBuffer(width: 700, height: 500, format: .xrgb8888) else { return }
    for y in 0..<500 {
        for x in 0..<700 {
            let i = x / 50
            let r = UInt32(i % 2 == 0 ? 230 : 26), g = UInt32((Double(i) / 14 * 255).rounded()), b = UInt32(128)
            owned.buffer.base.storeBytes(of: 0xFF00_0000 | r << 16 | g << 8 | b, toByteOffset: y * owned.buffer.stride + x * 4, as: UInt32.self)
        }
    }
    try? PNGFile.write(owned.buffer, to: path)
}

/// This process's peak resident set (VmHWM in /proc/self/status), in KiB. Unlike
/// getrusage's ru_maxrss it starts afresh at exec, so `swift run` does not add its own.
func peakResidentKiB() -> Int? {
    let fd = open("/proc/self/status", O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 8192)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return nil }
    let text = String(decoding: buffer[0..<n], as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}

let width = 1920, height = 1080
let logoPath = "/tmp/hud-bench-logo-\(getpid()).png"
writeLogo(logoPath)
defer { unlink(logoPath) }

do {
    let geometry = try ScreenGeometry(pixelWidth: width, pixelHeight: height)
    let frameA = try OwnedPixelBuffer(width: width, height: height)
    let frameB = try OwnedPixelBuffer(width: width, height: height)
    let bytes = frameA.buffer.stride * height

    let memcpyMs = measure(runs: 60) { _ in
        memcpy(frameB.buffer.base, frameA.buffer.base, bytes)
    }

    var config = HUDConfiguration()
    config.label.text = "Updating firmware"
    config.detailsLabel.text = "Do not switch the device off. This takes about two minutes."
    config.backgroundColor = HUDColor(white: 0, alpha: 0.3)

    func snapshot(_ c: HUDConfiguration, progress: Double = 0, phase: Double = 0) -> HUDSnapshot {
        HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: c, presentation: .shown(progress: progress, spinnerPhase: phase))],
                    nextChange: nil)
    }

    let backdrop = HUDBackdrop(color: HUDColor(red: 0.1, green: 0.2, blue: 0.35), imagePath: logoPath)
    // Before anything in this process touched fontconfig: a frame that does not
    // wait for fonts, then the cost of loading them.
    let bare = HUDRenderer(geometry: geometry, textLoading: .afterPrepareText)
    let bareStart = now()
    try bare.render(snapshot(config), into: frameA.buffer)
    let firstBare = now() - bareStart
    let early = HUDRenderer(geometry: geometry, backdrop: backdrop, textLoading: .afterPrepareText)
    let noFontsStart = now()
    try early.render(snapshot(config), into: frameA.buffer)
    let firstWithoutFonts = now() - noFontsStart
    let prepareStart = now()
    early.prepareText()
    let prepareText = now() - prepareStart
    let withTextStart = now()
    let u0 = early.update(to: snapshot(config))
    try early.draw(into: frameA.buffer, region: u0.damage)
    let labelsAppear = now() - withTextStart

    let firstStart = now()
    let renderer = HUDRenderer(geometry: geometry, backdrop: backdrop)
    try renderer.render(snapshot(config), into: frameA.buffer)
    let firstFrame = now() - firstStart

    // Spinner-only: one step per frame, damage = the spinner's box.
    var spinnerArea = 0
    let spinner = try measure(runs: 600) { i in
        let u = renderer.update(to: snapshot(config, phase: Double(i % 12) / 12))
        spinnerArea = u.damage.area
        try renderer.draw(into: frameA.buffer, region: u.damage)
    }

    // Progress change on a ring.
    var ringConfig = config
    ringConfig.mode = .annularDeterminate
    try renderer.render(snapshot(ringConfig), into: frameA.buffer)
    var progressArea = 0
    let progress = try measure(runs: 600) { i in
        let u = renderer.update(to: snapshot(ringConfig, progress: Double(i % 1000) / 1000))
        progressArea = u.damage.area
        try renderer.draw(into: frameA.buffer, region: u.damage)
    }

    // Zoom-in animation: 18 frames of changing bezel alpha and scale (0.3 s at 60 Hz);
    // the average frame of the fastest of several runs of the whole animation.
    var zoomArea = 0
    let zoomCycle = try measure(runs: 20, warmup: 2) { _ in
        for f in 0..<18 {
            var p = HUDPresentation.shown(progress: 0.5)
            let t = Double(f + 1) / 18
            p.bezelAlpha = t
            p.bezelScale = 0.5 + 0.5 * t
            let u = renderer.update(to: HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: ringConfig, presentation: p)], nextChange: nil))
            zoomArea = max(zoomArea, u.damage.area)
            try renderer.draw(into: frameA.buffer, region: u.damage)
        }
    }
    let zoom = zoomCycle / 18

    // Label change: new text each frame (Pango layout, bezel redrawn, blur reused).
    var labelArea = 0
    var labelConfig = ringConfig
    let label = try measure(runs: 200) { i in
        labelConfig.label.text = "Installing package \(i % 500) of 500"
        let u = renderer.update(to: snapshot(labelConfig, progress: 0.5))
        labelArea = u.damage.area
        try renderer.draw(into: frameA.buffer, region: u.damage)
    }

    // Full redraw with blur: the background dimming steps (as in a fade), so the
    // whole screen is repainted and the blur under the bezel is computed again
    // (labels keep their rasterised image).
    func dimmingSteps(_ r: HUDRenderer, _ c: HUDConfiguration) throws -> Double {
        var dimConfig = c
        return try measure(runs: 60) { i in
            dimConfig.backgroundColor = HUDColor(white: 0, alpha: 0.3 + Double(i % 2) * 0.01)
            let u = r.update(to: snapshot(dimConfig, progress: 0.5))
            try r.draw(into: frameA.buffer, region: u.damage)
        }
    }
    let plain = HUDRenderer(geometry: geometry, backdrop: HUDBackdrop(color: HUDColor(red: 0.1, green: 0.2, blue: 0.35)))
    try plain.render(snapshot(ringConfig), into: frameA.buffer)
    var fullByMethod: [(BlurMethod, Double)] = []
    for method in BlurMethod.allCases {
        var style = HUDRenderStyle()
        style.blurMethod = method
        plain.setStyle(style)
        fullByMethod.append((method, try dimmingSteps(plain, ringConfig)))
    }
    plain.setStyle(HUDRenderStyle())
    let fullLogo = try dimmingSteps(renderer, ringConfig)
    var solidConfig = ringConfig
    solidConfig.bezelStyle = .solidColor
    let fullSolid = try dimmingSteps(plain, solidConfig)
    // Repaint of a whole buffer whose contents were lost (e.g. a VT switch): from caches.
    _ = renderer.update(to: snapshot(ringConfig, progress: 0.5))
    let repaint = try measure(runs: 60) { _ in
        try renderer.draw(into: frameA.buffer, region: DamageRegion([geometry.bounds]))
    }
    // Everything dropped: blur, Pango rasterising, bezel.
    let cold = try measure(runs: 40) { _ in
        renderer.invalidateCaches()
        let u = renderer.update(to: snapshot(ringConfig, progress: 0.5))
        try renderer.draw(into: frameA.buffer, region: u.damage)
    }

    // Two buffers: repaint what changed since each was last shown.
    var tracker = BufferDamageTracker(bufferCount: 2, width: width, height: height)
    let buffers = [frameA.buffer, frameB.buffer]
    let flipped = try measure(runs: 600) { i in
        let u = renderer.update(to: snapshot(config, phase: Double(i % 12) / 12))
        tracker.frameChanged(u.damage)
        let back = i % 2
        try renderer.draw(into: buffers[back], region: tracker.regionToRepaint(buffer: back))
        tracker.bufferRepainted(back)
    }

    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)

    print("hud-bench: \(width)x\(height) XRGB8888, scale 1, blur bezel over a logo, 30% dimming")
    print("  memcpy of one full frame (\(bytes / 1024) KiB):  \(fmt(memcpyMs))")
    print("  first frame in the process, no fonts:      \(fmt(firstBare)) (plain screen: bezel, spinner, blur)")
    print("  first frame with a 700×500 PNG logo:       \(fmt(firstWithoutFonts)) (PNG decode included)")
    print("  prepareText() (fontconfig + fonts):        \(fmt(prepareText))")
    print("  then the frame that adds the labels:       \(fmt(labelsAppear))")
    print("  first frame of a second renderer:          \(fmt(firstFrame))")
    print("  spinner step (\(spinnerArea) px damaged):         \(fmt(spinner))  = \(ratio(spinner, memcpyMs)) of a memcpy (target < 5%)")
    print("  spinner step, 2 buffers flipping:          \(fmt(flipped))  = \(ratio(flipped, memcpyMs)) of a memcpy")
    print("  progress change, ring (\(progressArea) px):       \(fmt(progress))  = \(ratio(progress, memcpyMs)) of a memcpy")
    print("  zoom-in animation, mean frame (≤\(zoomArea) px): \(fmt(zoom))  = \(ratio(zoom, memcpyMs)) of a memcpy")
    print("  label change (\(labelArea) px):               \(fmt(label))  = \(ratio(label, memcpyMs)) of a memcpy")
    print("  full redraw + blur, plain screen colour, dimming step:")
    for (method, ms) in fullByMethod {
        let name = method.rawValue + ":" + String(repeating: " ", count: max(0, 24 - method.rawValue.count))
        print("    \(name)\(fmt(ms))  = \(ratio(ms, memcpyMs)) memcpys\(method == .downscaledBoxBlur ? " (default; target < 2)" : "")")
    }
    print("  full redraw + blur over the logo, dimming step: \(fmt(fullLogo))  = \(ratio(fullLogo, memcpyMs)) memcpys (copy + blend + blur)")
    print("  full redraw, solid bezel, dimming step:    \(fmt(fullSolid))  = \(ratio(fullSolid, memcpyMs)) memcpys")
    print("  full repaint from caches (logo, dimmed):   \(fmt(repaint))  = \(ratio(repaint, memcpyMs)) memcpys")
    print("  cold full redraw (all caches dropped):     \(fmt(cold))  = \(ratio(cold, memcpyMs)) memcpys")
    print("  peak RSS: \(peakResidentKiB().map { "\($0 / 1024) MiB" } ?? "?") (VmHWM); getrusage ru_maxrss \(usage.ru_maxrss / 1024) MiB (kept across exec: includes swift run)")
} catch {
    print("hud-bench: \(error)")
    exit(1)
}
