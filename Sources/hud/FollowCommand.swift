import Glibc
import HUDDaemon
import HUDProtocol
import HUDSystem
import HUDUpdates

/// `hud follow swupdate|rauc`: shows the progress of a device update run by
/// SWUpdate or RAUC, read from the tool's own interface, with MBProgressHUD's
/// success or failure mark at the end.
enum FollowCommand {
    static let subcommand = Subcommand(name: "follow", summary: "show the progress of SWUpdate's or RAUC's updates (follow swupdate|rauc)", run: run)

    static let parser = OptionParser(
        command: "follow",
        summary: """
            'hud follow swupdate' reads SWUpdate's progress socket; 'hud follow rauc' reads
            RAUC's D-Bus interface (de.pengutronix.rauc.Installer). Each update gets its own
            HUD: the image or step as the label, 'step i of n' or RAUC's nesting as details, the
            percentage, then the success or failure mark with the tool's reason, kept for
            --keep seconds. Runs until stopped, waiting for the tool while it is not
            running. Exit status: 1 when the tool speaks a version this hud does not read,
            2 bad usage.
            """,
        options: [
            .init(name: "progress-socket", placeholder: "PATH", help: "swupdate: SWUpdate's progress socket (default $TMPDIR/swupdateprog, /tmp/swupdateprog)"),
            .init(name: "bus", placeholder: "ADDRESS", help: "rauc: the D-Bus address (default the system bus, $DBUS_SYSTEM_BUS_ADDRESS)"),
            .init(name: "mode", placeholder: "MODE", help: "the indicator while it runs: bar (default), ring or pie"),
            .init(name: "keep", placeholder: "SECONDS", help: "how long the success or failure mark stays (default 2)"),
            .init(name: "once", placeholder: nil, help: "exit after the first update has ended"),
            ClientCommand.socketOption,
        ],
        positionals: ["tool"])

    static func run(_ args: [String]) -> Int32 {
        let o: ParsedOptions
        let mode: WireMode
        let keep: Double?
        do {
            guard let parsed = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            o = parsed
            mode = try o.choice("mode", ["bar": WireMode.bar, "ring": .ring, "pie": .determinate]) ?? .bar
            keep = try o.double("keep", in: 0...ProtocolLimits.maxHideDelaySeconds)
            let tool = o.positionals[0]
            guard tool == "swupdate" || tool == "rauc" else {
                throw CommandLineError("hud follow: unknown tool '\(tool)' (expected swupdate or rauc)")
            }
            if tool == "swupdate", o.string("bus") != nil { throw CommandLineError("hud follow swupdate: --bus is for rauc") }
            if tool == "rauc", o.string("progress-socket") != nil { throw CommandLineError("hud follow rauc: --progress-socket is for swupdate") }
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
        let tool = o.positionals[0]
        let sender = UpdateRequestSender(command: "hud follow \(tool)", socketPath: DaemonClient.socketPath(option: o.string("socket")))
        let keepSeconds = keep ?? UpdatePresenter.defaultKeepSeconds
        switch tool {
        case "swupdate":
            let presenter = UpdatePresenter(toolName: "SWUpdate", mode: mode, keepSeconds: keepSeconds)
            let tmpdir = getenv("TMPDIR").flatMap { String(validatingCString: $0) }
            return followSWUpdate(path: o.string("progress-socket") ?? SWUpdateFollower.defaultSocketPath(temporaryDirectory: tmpdir),
                                  sender: sender, presenter: presenter, once: o.flag("once"))
        default:
            let presenter = UpdatePresenter(toolName: "RAUC", mode: mode, keepSeconds: keepSeconds)
            return RAUCFollower.run(busAddress: o.string("bus"), sender: sender, presenter: presenter, once: o.flag("once"))
        }
    }

    /// `hud follow swupdate`: the daemon's own `SWUpdateFollower`, on a loop
    /// without a thread of its own (this one polls it), its requests sent to
    /// the daemon. Runs until killed, or until the first update ended with `once`.
    /// - Returns: the exit status: 0, 1 when SWUpdate speaks a version this hud
    ///   does not read, 2 when `path` cannot be a socket's.
    static func followSWUpdate(path: String, sender: UpdateRequestSender, presenter: UpdatePresenter, once: Bool) -> Int32 {
        let command = "hud follow swupdate"
        let loop: EventLoop
        do { loop = try EventLoop(ownThread: false) } catch {
            StandardError.write("\(command): \(error)\n")
            return 1
        }
        let sending = Locked(sender)
        let exitCode = Locked<Int32?>(nil)
        let follower: SWUpdateFollower
        do {
            follower = try SWUpdateFollower(
                path: path, loop: loop, presenter: presenter, stopsAfterOneUpdate: once,
                log: { StandardError.write("\(command): \($0)\n") },
                deliver: { requests in sending.withLock { $0.send(requests) } },
                onFinished: { error in exitCode.withLock { $0 = error == nil ? 0 : 1 } })
        } catch {
            StandardError.write("\(command): --progress-socket: \(error)\n")
            return 2
        }
        follower.assumeIsolated { $0.start() }
        while true {
            if let code = exitCode.withLock({ $0 }) { return code }
            var ready = pollfd(fd: loop.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = Errno.retryingOnInterrupt { poll(&ready, 1, -1) }
            loop.dispatch()
        }
    }
}
