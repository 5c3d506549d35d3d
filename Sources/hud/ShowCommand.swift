import HUDProtocol

/// `hud show` and `hud update`: the HUD's options, sent to the daemon.
enum ShowCommand {
    static let hudOptions: [OptionParser.Option] = [
        .init(name: "mode", placeholder: "MODE", help: "indeterminate (spinner), pie, bar, ring, success, failure, text, image"),
        .init(name: "image", placeholder: "PNG", help: "absolute path of the picture for --mode image (implies it)"),
        .init(name: "label", placeholder: "TEXT", help: "the label, one line"),
        .init(name: "details", placeholder: "TEXT", help: "the details text, wraps"),
        .init(name: "progress", placeholder: "PERCENT", help: "progress 0…100 (pie, bar, ring; switches a spinner to the theme's bar)"),
        .init(name: "grace", placeholder: "SECONDS", help: "wait this long before appearing (0…60)"),
        .init(name: "min-show", placeholder: "SECONDS", help: "once shown, stay at least this long (0…60)"),
        .init(name: "animation", placeholder: "KIND", help: "fade, zoom, zoom-in or zoom-out"),
        .init(name: "no-animation", placeholder: nil, help: "appear without animating"),
        .init(name: "button", placeholder: "TITLE", help: "MBProgressHUD's button under the labels ('' removes it); see 'hud wait-button'"),
        ClientCommand.socketOption,
    ]

    static let show = ClientCommand(
        parser: OptionParser(command: "show", summary: """
            Shows the HUD. A hidden HUD starts from the daemon's theme with these options;
            a HUD already up keeps what is not given. Exit status: 0 done, 1 no daemon or
            it failed, 2 bad usage.
            """, options: hudOptions),
        makeRequest: { o, _ throws(CommandLineError) in .show(try settings(o)) })

    static let update = ClientCommand(
        parser: OptionParser(command: "update", summary: """
            Changes options of the HUD while it is shown (fails with status 1 when no HUD
            is up). Options as for 'hud show'.
            """, options: hudOptions),
        makeRequest: { o, _ throws(CommandLineError) in
            let s = try settings(o)
            guard !s.isEmpty else { throw CommandLineError("hud update: give at least one option (see 'hud update --help')") }
            return .update(s)
        })

    static func settings(_ o: ParsedOptions) throws(CommandLineError) -> HUDSettings {
        var s = HUDSettings()
        s.imagePath = o.string("image")
        if let m = o.string("mode") {
            guard let mode = WireMode(wireName: m) else {
                throw CommandLineError("hud \(o.command): --mode '\(m)': expected one of \(WireMode.namesList)")
            }
            s.mode = mode
        } else if s.imagePath != nil {
            s.mode = .image
        }
        s.label = o.string("label")
        s.details = o.string("details")
        s.progressPercent = try o.double("progress", in: 0...100)
        s.graceSeconds = try o.double("grace", in: 0...ProtocolLimits.maxShowTimeSeconds)
        s.minShowSeconds = try o.double("min-show", in: 0...ProtocolLimits.maxShowTimeSeconds)
        if let a = o.string("animation") {
            guard let animation = WireAnimation(rawValue: a) else {
                throw CommandLineError("hud \(o.command): --animation '\(a)': expected one of \(WireAnimation.namesList)")
            }
            s.animation = animation
        }
        if o.flag("no-animation") { s.animated = false }
        s.button = o.string("button")
        return s
    }
}
