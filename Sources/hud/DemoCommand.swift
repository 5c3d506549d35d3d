import Glibc
import HUDCore
import HUDRender
import KioskHUD

/// `hud demo`: every mode in turn, on the display when there is one (a DRM
/// card), else each frame written as a PNG.
enum DemoCommand {
    static let subcommand = Subcommand(name: "demo", summary: "cycle through every mode on the display, or as PNGs without one", run: run)

    static let parser = OptionParser(
        command: "demo",
        summary: "Cycles through every HUD mode (spinner turning, pie, ring and bar filling,\nsuccess, failure, text): on the display when there is a DRM card, else each\nframe is written as a PNG into a directory (--out or --png force PNGs).",
        options: [
            .init(name: "out", placeholder: "DIR", help: "write PNG frames into DIR (default ./hud-demo, created)"),
            .init(name: "png", placeholder: nil, help: "write PNG frames even when there is a display"),
            .init(name: "seconds", placeholder: "S", help: "on a display: seconds per mode, 0.5…60 (default 3)"),
            .init(name: "frames", placeholder: "N", help: "frames per mode, 1…120 (default 12)"),
            .init(name: "image", placeholder: "PNG", help: "also show this image (the custom-image mode)"),
        ] + SceneSetup.options)

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let o = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            return try demo(o)
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
    }

    private static func demo(_ o: ParsedOptions) throws(CommandLineError) -> Int32 {
        let setup = try SceneSetup(o)
        let seconds = try o.double("seconds", in: 0.5...60) ?? 3  // checked even when writing PNGs
        if o.string("out") == nil, !o.flag("png"), HUDScreen.hasCard() {
            return DemoOnDisplay.run(configuration: setup.configuration, themeFile: o.string("theme"), secondsPerMode: seconds)
        }
        let frames = try o.int("frames", in: 1...120) ?? 12
        let dir = o.string("out") ?? "hud-demo"
        if mkdir(dir, 0o755) != 0 && errno != EEXIST {
            StandardError.write("hud demo: cannot create directory \(dir): \(String(cString: strerror(errno)))\n")
            return 1
        }
        for w in setup.warnings { StandardError.write("hud demo: \(w)\n") }
        let renderer = HUDRenderer(geometry: setup.geometry, style: setup.style, backdrop: setup.backdrop)
        var scenes: [(String, HUDMode, String)] = [
            ("spinner", .indeterminate, "Loading…"),
            ("pie", .determinate, "Downloading"),
            ("ring", .annularDeterminate, "Installing"),
            ("bar", .determinateHorizontalBar, "Updating firmware"),
            ("success", .success, "Done"),
            ("failure", .failure, "Update failed"),
            ("text", .text, "Please wait"),
        ]
        if let image = o.string("image") { scenes.append(("image", .customImage(path: image), "Custom image")) }
        var written = 0
        do {
            let pixels = try OwnedPixelBuffer(width: setup.geometry.pixelWidth, height: setup.geometry.pixelHeight)
            var damaged = 0
            for (name, mode, label) in scenes {
                var config = setup.configuration
                config.mode = mode
                if config.label.text.isEmpty || o.string("label") == nil { config.label.text = label }
                for f in 0..<frames {
                    let t = Double(f) / Double(max(1, frames - 1))
                    let presentation = HUDPresentation.shown(progress: t, spinnerPhase: Double(f % 12) / 12)
                    let snapshot = HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: config, presentation: presentation)], nextChange: nil)
                    // One buffer: repaint only what changed, exactly as on a display.
                    let update = renderer.update(to: snapshot)
                    for p in update.problems { StandardError.write("hud demo: \(p)\n") }
                    try renderer.draw(into: pixels.buffer, region: update.damage)
                    damaged += update.damage.area
                    let path = "\(dir)/\(name)-\(f < 10 ? "0" : "")\(f).png"
                    try PNGFile.write(pixels.buffer, to: path)
                    written += 1
                }
            }
            let screen = setup.geometry.pixelWidth * setup.geometry.pixelHeight
            print("wrote \(written) frames to \(dir)/ (repainted \(damaged * 100 / max(1, screen * written))% of the pixels on average)")
        } catch {
            StandardError.write("hud demo: \(error)\n")
            return 1
        }
        return 0
    }
}
