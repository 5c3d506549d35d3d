import HUDCore
import HUDRender

/// `hud render`: one frame of any configuration, at any moment, to a PNG.
enum RenderCommand {
    static let subcommand = Subcommand(name: "render", summary: "draw one HUD frame to a PNG file", run: run)

    static let parser = OptionParser(
        command: "render",
        summary: "Draws the HUD as it looks at one instant into a PNG, headless, with the same\ncode that draws to the display.",
        options: [
            .init(name: "mode", placeholder: "MODE", help: "spinner, pie, ring, bar, success, failure, text, image (default spinner)"),
            .init(name: "image", placeholder: "PNG", help: "custom image for --mode image (implies it)"),
            .init(name: "progress", placeholder: "P", help: "progress 0…1 for pie, ring and bar"),
            .init(name: "time", placeholder: "SECONDS", help: "time since shown: sets the spinner phase (1 turn per second)"),
            .init(name: "phase", placeholder: "TURNS", help: "spinner phase in turns, 0…1 (overrides --time)"),
            .init(name: "alpha", placeholder: "A", help: "bezel opacity 0…1 (mid-fade)"),
            .init(name: "zoom", placeholder: "S", help: "bezel scale 0.1…3 (mid-zoom)"),
            .init(name: "parallax", placeholder: "X,Y", help: "parallax shift in points"),
            .init(name: "out", placeholder: "FILE", help: "PNG to write (default hud.png)"),
        ] + SceneSetup.options)

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let o = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            return try render(o)
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
    }

    private static func render(_ o: ParsedOptions) throws(CommandLineError) -> Int32 {
        var setup = try SceneSetup(o)
        let imagePath = o.string("image")
        let modeName = try o.choice("mode", SceneSetup.modeNames) ?? (imagePath != nil ? "image" : "indeterminate")
        guard let mode = SceneSetup.mode(named: modeName, imagePath: imagePath) else {
            throw CommandLineError("hud render: --mode image needs --image PNG")
        }
        setup.configuration.mode = mode
        let progress = try o.double("progress", in: 0...1) ?? 0
        setup.configuration.progress = progress
        var phase = 0.0
        if let t = try o.double("time", in: 0...1e9) {
            let steps = Double(HUDPresentation.spinnerSteps)
            phase = (t / HUDPresentation.spinnerPeriod.hudSeconds * steps).rounded(.down).truncatingRemainder(dividingBy: steps) / steps
        }
        if let p = try o.double("phase", in: 0...1) { phase = p }
        var presentation = HUDPresentation.shown(progress: progress, spinnerPhase: phase)
        if let a = try o.double("alpha", in: 0...1) { presentation.bezelAlpha = a }
        if let z = try o.double("zoom", in: 0.1...3) { presentation.bezelScale = z }
        if let p = try o.offset("parallax") { presentation.parallaxOffset = p }
        let out = o.string("out") ?? "hud.png"

        for w in setup.warnings { StandardError.write("hud render: \(w)\n") }
        let renderer = HUDRenderer(geometry: setup.geometry, style: setup.style, backdrop: setup.backdrop)
        let snapshot = HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: setup.configuration, presentation: presentation)],
                                   nextChange: nil)
        do {
            let pixels = try OwnedPixelBuffer(width: setup.geometry.pixelWidth, height: setup.geometry.pixelHeight)
            let frame = try renderer.render(snapshot, into: pixels.buffer)
            for p in frame.problems { StandardError.write("hud render: \(p) (drawn without it)\n") }
            try PNGFile.write(pixels.buffer, to: out)
        } catch {
            StandardError.write("hud render: \(error)\n")
            return 1
        }
        print("wrote \(out) (\(setup.geometry.pixelWidth)x\(setup.geometry.pixelHeight), scale \(setup.geometry.scale), rotation \(setup.geometry.rotation.rawValue))")
        return 0
    }
}
