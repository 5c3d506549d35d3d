import HUDProtocol

/// `hud hide` and `hud quit`.
enum HideCommand {
    static let hide = ClientCommand(
        parser: OptionParser(command: "hide", summary: """
            Hides the HUD, at once or after --after seconds. The minimum show time still
            applies; a later 'hud show' cancels a delayed hide.
            """, options: [
                .init(name: "after", placeholder: "SECONDS", help: "hide after this delay (0…3600)"),
                .init(name: "no-animation", placeholder: nil, help: "vanish without animating"),
                ClientCommand.socketOption,
            ]),
        makeRequest: { o, _ throws(CommandLineError) in
            .hide(afterSeconds: try o.double("after", in: 0...ProtocolLimits.maxHideDelaySeconds), animated: !o.flag("no-animation"))
        })

    static let quit = ClientCommand(
        parser: OptionParser(command: "quit", summary: """
            Stops the daemon. It gives the display back to the console, unless --retain:
            then the last picture stays for the program that takes the display over.
            """, options: [
                .init(name: "retain", placeholder: nil, help: "leave the last picture on screen (hand-over to a kiosk app)"),
                ClientCommand.socketOption,
            ]),
        makeRequest: { o, _ throws(CommandLineError) in .quit(retain: o.flag("retain")) })
}
