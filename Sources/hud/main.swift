#if canImport(Glibc)
import Glibc
#endif

/// `hud <subcommand> [arguments]`: one row per subcommand (name, one-line
/// summary, entry point taking the arguments after the name → exit status).
let subcommands: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("motion", "show what the accelerometer reads and the parallax it gives", MotionCommand.run),
]

@MainActor func usage() -> String {
    "usage: hud <command> [options]\n\ncommands:\n"
        + subcommands.map { "  \($0.name)\(String(repeating: " ", count: max(1, 12 - $0.name.count)))\($0.summary)" }
            .joined(separator: "\n")
        + "\n\n`hud <command> --help` describes a command.\n"
}

func writeError(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    writeError(usage())
    exit(2)
}
if name == "--help" || name == "-h" || name == "help" {
    print(usage(), terminator: "")
    exit(0)
}
guard let command = subcommands.first(where: { $0.name == name }) else {
    writeError("hud: unknown command \"\(name)\"\n\n" + usage())
    exit(2)
}
exit(command.run(Array(arguments.dropFirst())))
