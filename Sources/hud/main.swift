import Glibc

// `hud <command> [options]`. One line per command; each lives in its own file.
let commands: [Subcommand] = [
    MotionCommand.subcommand,
]

exit(Subcommand.dispatch(CommandLine.arguments, commands: commands))
