/// One `hud` command: its name, a one-line summary for `hud --help`, and
/// its entry point, which gets the arguments after the name and returns
/// the exit status (2 for bad usage).
struct Subcommand: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([String]) -> Int32

    /// Picks the command named by the first argument and runs it.
    static func dispatch(_ argv: [String], commands: [Subcommand]) -> Int32 {
        let args = Array(argv.dropFirst())
        guard let first = args.first else {
            StandardError.write(usage(commands))
            return 2
        }
        if first == "--version" || first == "-V" {
            print("hud \(Version.string)")
            return 0
        }
        if first == "--help" || first == "-h" || first == "help" {
            print(usage(commands), terminator: "")
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            StandardError.write("hud: unknown command '\(first)'\n\n" + usage(commands))
            return 2
        }
        return command.run(Array(args.dropFirst()))
    }

    static func usage(_ commands: [Subcommand]) -> String {
        let width = commands.map(\.name.count).max() ?? 0
        var s = "usage: hud <command> [options]\n\ncommands:\n"
        for c in commands {
            s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.summary + "\n"
        }
        s += "\n'hud <command> --help' describes a command's options; 'hud --version' prints the version.\n"
        return s
    }
}
