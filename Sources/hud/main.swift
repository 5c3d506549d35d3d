import Glibc
import CLinux

// `hud <command> [options]`. One line per command; each lives in its own file.
let commands: [Subcommand] = [
    DaemonCommand.subcommand,
    PlymouthdCommand.subcommand,
    Subcommand(name: "show", summary: "show the HUD (mode, label, details, progress, grace, min-show, animation)", run: ShowCommand.show.run),
    Subcommand(name: "update", summary: "change the shown HUD's options", run: ShowCommand.update.run),
    Subcommand(name: "progress", summary: "set progress in percent (psplash-write PROGRESS)", run: ProgressCommand.progress.run),
    Subcommand(name: "message", summary: "set the label text (psplash-write MSG)", run: ProgressCommand.message.run),
    Subcommand(name: "hide", summary: "hide the HUD, now or after a delay", run: HideCommand.hide.run),
    Subcommand(name: "quit", summary: "stop the daemon (--retain keeps the picture for a hand-over)", run: HideCommand.quit.run),
    Subcommand(name: "ping", summary: "exit 0 when a daemon answers", run: PingCommand.ping.run),
    Subcommand(name: "status", summary: "print the HUD's state", run: PingCommand.status.run),
    Subcommand(name: "reload", summary: "make the daemon re-read its theme", run: PingCommand.reload.run),
    WaitCommand.subcommand,
    ButtonCommand.waitSubcommand,
    Subcommand(name: "press-button", summary: "press the shown HUD's button (a test and automation hook)", run: ButtonCommand.press.run),
    AskCommand.subcommand,
    Subcommand(name: "type", summary: "type text or a key into the HUD's prompt (a test and automation hook)", run: AskCommand.type.run),
    Subcommand(name: "newroot", summary: "move the daemon into the real root before the initramfs switches to it", run: PingCommand.newroot.run),
    PipeCommand.subcommand,
    FollowCommand.subcommand,
    RenderCommand.subcommand,
    DemoCommand.subcommand,
    DisplayCommand.subcommand,
    MotionCommand.subcommand,
    InputCommand.subcommand,
    FontsCommand.subcommand,
]

// One malloc arena for every thread: the font thread's allocations (fontconfig,
// Pango's caches, which outlive it) then share the main heap instead of
// keeping a second one; ~0.45 MB less resident for the daemon with a CJK label.
// Before any thread exists.
mallopt(M_ARENA_MAX, 1)

// Installed as `plymouthd` (a link to hud), it is `hud plymouthd`: Plymouth's units call it unchanged.
if let argv0 = CommandLine.arguments.first, PlymouthdCommand.isInvokedAsPlymouthd(argv0) {
    exit(PlymouthdCommand.run(Array(CommandLine.arguments.dropFirst())))
}
exit(Subcommand.dispatch(CommandLine.arguments, commands: commands))
