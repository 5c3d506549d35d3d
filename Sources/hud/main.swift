import Glibc

// `hud <command> [options]`. One line per command; each lives in its own file.
let commands: [Subcommand] = [
    Subcommand(name: "display", summary: "show a HUD on a DRM/KMS display", run: { DisplayCommand.main($0) }),
    MotionCommand.subcommand,
]

exit(Subcommand.dispatch(CommandLine.arguments, commands: commands))
