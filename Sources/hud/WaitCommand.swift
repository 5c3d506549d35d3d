/// `hud wait`: returns when the daemon has exited (at once when none runs),
/// as `plymouth --wait` does; kioskhud-quit-wait.service holds getty with it.
enum WaitCommand {
    static let subcommand = Subcommand(name: "wait", summary: "return when the daemon has exited (at once if none runs)", run: run)

    static let parser = OptionParser(command: "wait", summary: """
        Blocks until the daemon exits, then exits 0; exits 0 at once when no daemon
        runs. For units that must come after the splash (getty, a display manager).
        """, options: [ClientCommand.socketOption])

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let o = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            let client = try DaemonClient(path: DaemonClient.socketPath(option: o.string("socket")))
            try client.waitForExit()
            return 0
        } catch let error as CommandLineError {
            StandardError.write("\(error)\n")
            return 2
        } catch ClientError.noDaemon {
            return 0
        } catch let error as ClientError {
            StandardError.write("hud wait: \(error)\n")
            return error.exitStatus
        } catch {
            StandardError.write("hud wait: \(error)\n")
            return 1
        }
    }
}
