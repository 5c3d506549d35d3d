import HUDProtocol

/// `hud wait-button` and `hud press-button`: MBProgressHUD's button from a script.
enum ButtonCommand {
    static let waitSubcommand = Subcommand(name: "wait-button", summary: "return when the shown HUD's button is pressed", run: runWait)

    static let waitParser = OptionParser(command: "wait-button", summary: """
        Blocks until the button of the shown HUD ('hud show --button TITLE') is pressed
        (touch, click, Enter, or 'hud press-button'), then exits 0. Exits 1 with the
        reason when no HUD with a button is shown, when the HUD is hidden first, or
        when the daemon quits first; 2 on bad usage.
        """, options: [ClientCommand.socketOption])

    static func runWait(_ args: [String]) -> Int32 {
        do {
            guard let o = try waitParser.parse(args) else {
                print(waitParser.help, terminator: "")
                return 0
            }
            let client = try DaemonClient(path: DaemonClient.socketPath(option: o.string("socket")))
            _ = try client.performUntimed(.waitButton, awaiting: "the button was pressed")
            return 0
        } catch let error as CommandLineError {
            StandardError.write("\(error)\n")
            return 2
        } catch let error as ClientError {
            StandardError.write("hud wait-button: \(error)\n")
            return error.exitStatus
        } catch {
            StandardError.write("hud wait-button: \(error)\n")
            return 1
        }
    }

    static let press = ClientCommand(
        parser: OptionParser(command: "press-button", summary: """
            Presses the shown HUD's button as Enter would: its waiting clients
            ('hud wait-button') are answered. A test and automation hook. Exits 1 when
            no HUD with a button is shown.
            """, options: [ClientCommand.socketOption]),
        makeRequest: { _, _ throws(CommandLineError) in .pressButton })
}
