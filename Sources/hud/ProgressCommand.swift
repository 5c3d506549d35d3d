import HUDProtocol

/// `hud progress N` and `hud message TEXT`, psplash-write's two verbs.
enum ProgressCommand {
    static let progress = ClientCommand(
        parser: OptionParser(command: "progress", summary: """
            Sets the progress to PERCENT (0…100). With no HUD up, shows one with the
            theme's progress indicator (a bar unless the daemon says otherwise).
            """, options: [ClientCommand.socketOption], positionals: ["percent"]),
        makeRequest: { _, args throws(CommandLineError) in
            let text = args[0].hasSuffix("%") ? String(args[0].dropLast()) : args[0]
            guard let p = Double(text), p.isFinite, (0...100).contains(p) else {
                throw CommandLineError("hud progress: '\(args[0])' is not a percentage from 0 to 100")
            }
            return .progress(percent: p)
        })

    static let message = ClientCommand(
        parser: OptionParser(command: "message", summary: """
            Sets the label to TEXT (one line). With no HUD up, shows one.
            Write 'hud message -- TEXT' when TEXT starts with --.
            """, options: [ClientCommand.socketOption], positionals: ["text"]),
        makeRequest: { _, args throws(CommandLineError) in .message(args[0]) })
}
