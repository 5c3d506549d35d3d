import HUDCore
import HUDDaemon
import HUDProtocol
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
            .init(name: "time", placeholder: "SECONDS", help: "time since show(animated:): fade/zoom-in state and spinner phase, by HUDCore's rules"),
            .init(name: "animation", placeholder: "KIND", help: "fade, zoom, zoomIn or zoomOut (with --time; default fade)"),
            .init(name: "tilt", placeholder: "X,Y", help: "device tilt -1…1 for the parallax effect (turns the motion effect on)"),
            .init(name: "phase", placeholder: "TURNS", help: "spinner phase in turns, 0…1 (overrides --time)"),
            .init(name: "alpha", placeholder: "A", help: "bezel opacity 0…1 (mid-fade)"),
            .init(name: "zoom", placeholder: "S", help: "bezel scale 0.1…3 (mid-zoom)"),
            .init(name: "parallax", placeholder: "X,Y", help: "parallax shift in points"),
            .init(name: "pressed", placeholder: nil, help: "draw the --button held down (highlighted)"),
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
        let mode = try o.mode("mode") ?? (imagePath != nil ? .image : .indeterminate)
        if mode == .image && imagePath == nil { throw CommandLineError("hud render: --mode image needs --image PNG") }
        setup.configuration.mode = mode.hudMode(imagePath: imagePath ?? "")
        let progress = try o.double("progress", in: 0...1) ?? 0
        setup.configuration.progress = progress
        if let a = try o.choice("animation", ["fade": HUDAnimation.fade, "zoom": .zoom, "zoomIn": .zoomIn, "zoomOut": .zoomOut]) {
            setup.configuration.animation = a
        }
        var tilt = HUDTilt.level
        if let t = try o.offset("tilt") {
            guard abs(t.x) <= 1, abs(t.y) <= 1 else { throw CommandLineError("hud render: --tilt: expected X,Y each from -1 to 1") }
            tilt = HUDTilt(x: t.x, y: t.y)
            setup.configuration.motionEffectEnabled = true
        }
        var presentation = HUDPresentation.shown(progress: progress)
        if let t = try o.double("time", in: 0...1e6) {
            // The core's own timing: shown (animated) at 0, looked at t seconds later.
            var lifecycle = HUDLifecycle()
            _ = lifecycle.show(animated: true, at: .zero, configuration: setup.configuration)
            presentation = lifecycle.presentation(at: .zero + .hudSeconds(t), configuration: setup.configuration, tilt: tilt)
        } else if setup.configuration.motionEffectEnabled {
            let amplitude = setup.configuration.motionAmplitude
            presentation.parallaxOffset = HUDPoint(x: tilt.x * amplitude, y: tilt.y * amplitude)
        }
        if let p = try o.double("phase", in: 0...1) { presentation.spinnerPhase = p }
        if let a = try o.double("alpha", in: 0...1) { presentation.bezelAlpha = a }
        if let z = try o.double("zoom", in: 0.1...3) { presentation.bezelScale = z }
        if let p = try o.offset("parallax") { presentation.parallaxOffset = p }
        if o.flag("pressed") {
            guard !setup.configuration.buttonTitle.isEmpty else { throw CommandLineError("hud render: --pressed needs --button TITLE") }
            presentation.buttonHighlighted = true
        }
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
