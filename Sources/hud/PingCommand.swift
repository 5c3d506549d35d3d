import HUDProtocol

/// `hud ping`, `hud status`, `hud reload` and `hud newroot`: one request each, no HUD change.
enum PingCommand {
    static let ping = ClientCommand(
        parser: OptionParser(command: "ping", summary: """
            Exits 0 when a daemon answers on the socket, 1 otherwise (for boot scripts:
            'until hud ping; do sleep 0.1; done').
            """, options: [ClientCommand.socketOption]),
        makeRequest: { _, _ throws(CommandLineError) in .ping })

    static let status = ClientCommand(
        parser: OptionParser(command: "status", summary: """
            Prints the HUD's state as key=value lines: shown, phase, mode, progress,
            label, details, theme.
            """, options: [ClientCommand.socketOption]),
        makeRequest: { _, _ throws(CommandLineError) in .status },
        printAnswer: { fields in
            // One line per key: values with spaces, quotes or newlines are quoted as on the wire.
            for f in fields { print("\(f.key)=\(f.value.contains(where: { $0 == "\n" || $0 == "\"" }) ? RawMessage.quoteIfNeeded(f.value) : f.value)") }
        })

    static let newroot = ClientCommand(
        parser: OptionParser(command: "newroot", summary: """
            Moves the daemon into DIR, the real root the initramfs has mounted, just
            before it switches to it (initramfs-tools' init-bottom), so the splash keeps
            its fonts, libraries and themes afterwards (plymouth update-root-fs).
            """, options: [ClientCommand.socketOption], positionals: ["dir"]),
        makeRequest: { _, given throws(CommandLineError) in .newroot(directory: given[0]) })

    static let reload = ClientCommand(
        parser: OptionParser(command: "reload", summary: """
            Makes the daemon read its theme again (as SIGHUP does). A broken theme file
            is reported and the old theme kept.
            """, options: [ClientCommand.socketOption]),
        makeRequest: { _, _ throws(CommandLineError) in .reload },
        printAnswer: { fields in
            if let t = fields.first(where: { $0.key == "theme" }) { print("theme \(t.value)") }
        })
}
