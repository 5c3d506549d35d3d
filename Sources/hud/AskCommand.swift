import HUDProtocol

/// `hud ask --password PROMPT` / `--question PROMPT`: a prompt in the HUD's
/// bezel, answered on the device's keyboard; the answer on stdout.
enum AskCommand {
    static let subcommand = Subcommand(name: "ask", summary: "ask for a passphrase or an answer in the HUD; print what is typed", run: run)

    static let parser = OptionParser(command: "ask", summary: """
        Asks in the HUD's bezel (showing the HUD if it is not up) and blocks until it
        is answered: a passphrase with --password (typed as bullets, never shown or
        logged), or a question with --question (echoed). Enter answers: the typed text
        is printed on stdout with a newline, exit 0. Backspace erases, Escape clears.
        Exits 1 on Ctrl-C ('cancelled'), when the HUD is hidden first, when the daemon
        reads no keys (start it with --input on a display; on Wayland it reads the
        compositor's keyboard), or quits first; 2 on bad usage.
        """, options: [
            .init(name: "password", placeholder: "PROMPT", help: "ask for a passphrase, e.g. 'Disk passphrase'"),
            .init(name: "question", placeholder: "PROMPT", help: "ask a question; the answer is echoed as typed"),
            ClientCommand.socketOption,
        ])

    static func run(_ args: [String]) -> Int32 {
        do {
            guard let o = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            let request: Request
            switch (o.string("password"), o.string("question")) {
            case (let prompt?, nil): request = .ask(.password, prompt: prompt)
            case (nil, let prompt?): request = .ask(.question, prompt: prompt)
            case (nil, nil): throw CommandLineError("hud ask: say what to ask: --password PROMPT or --question PROMPT")
            case (_?, _?): throw CommandLineError("hud ask: --password and --question ask two things; give one")
            }
            do {
                _ = try Request.parse(Array(request.encoded().utf8.dropLast()))
            } catch {
                throw CommandLineError("hud ask: \(error.reason)")
            }
            let client = try DaemonClient(path: DaemonClient.socketPath(option: o.string("socket")))
            let fields = try client.performUntimed(request, awaiting: "the prompt was answered")
            print(fields.first { $0.key == "answer" }?.value ?? "")
            return 0
        } catch let error as CommandLineError {
            StandardError.write("\(error)\n")
            return 2
        } catch let error as ClientError {
            StandardError.write("hud ask: \(error)\n")
            return error.exitStatus
        } catch {
            StandardError.write("hud ask: \(error)\n")
            return 1
        }
    }

    static let type = ClientCommand(
        parser: OptionParser(command: "type", summary: """
            Types --text into the HUD, a key at a time, as the keyboard would (Plymouth's
            keystroke watches first, then the prompt), then presses --key:
            enter, backspace, escape or interrupt (Ctrl-C). A test and automation hook.
            """, options: [
                .init(name: "text", placeholder: "TEXT", help: "text to type, e.g. a passphrase"),
                .init(name: "key", placeholder: "KEY", help: "a key to press after the text: \(WireKey.namesList)"),
                ClientCommand.socketOption,
            ]),
        makeRequest: { o, _ throws(CommandLineError) in
            var key: WireKey?
            if let k = o.string("key") {
                guard let named = WireKey(rawValue: k) else {
                    throw CommandLineError("hud type: --key \(k) is not one of \(WireKey.namesList)")
                }
                key = named
            }
            let text = o.string("text")
            guard text != nil || key != nil else { throw CommandLineError("hud type: give --text TEXT, --key KEY, or both") }
            return .type(text: text ?? "", key: key)
        })
}
