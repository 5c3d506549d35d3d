#if canImport(Glibc)
import Glibc
#endif

/// `hud SUBCOMMAND [options]`: one row per subcommand.
let subcommands: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("display", "show a HUD on a DRM/KMS display", DisplayCommand.main),
]

let args = Array(CommandLine.arguments.dropFirst())
if let name = args.first, let sub = subcommands.first(where: { $0.name == name }) {
    exit(sub.run(Array(args.dropFirst())))
}
var usage = "usage: hud SUBCOMMAND [options]\n"
for s in subcommands { usage += "  \(s.name)\t\(s.summary)\n" }
printError((args.first.map { "hud: unknown subcommand \"\($0)\"\n" } ?? "") + usage)
exit(2)
