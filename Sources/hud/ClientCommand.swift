import HUDProtocol

/// What every client command shares: leading positional arguments, the
/// `--socket` option, local validation of the request with the daemon's own
/// parser (so mistakes are usage errors, exit 2, before anything is sent),
/// one request, and exit statuses 0 / 1 (runtime) / 2 (usage).
struct ClientCommand: Sendable {
    static let socketOption = OptionParser.Option(
        name: "socket", placeholder: "PATH", help: "the daemon's socket (default $HUD_SOCKET, else /run/kioskhud/hud.sock)")

    let parser: OptionParser
    /// Names of the positional arguments, in order (all required).
    let positionals: [String]
    let makeRequest: @Sendable (ParsedOptions, [String]) throws(CommandLineError) -> Request
    /// Prints an `ok` answer; nothing by default.
    var printAnswer: @Sendable ([Field]) -> Void = { _ in }

    /// The parser's help with the positional arguments in its usage line.
    var help: String {
        let names = positionals.map { " " + $0.uppercased() }.joined()
        let usage = "usage: hud \(parser.command) [options]"
        guard !names.isEmpty, parser.help.hasPrefix(usage) else { return parser.help }
        return "usage: hud \(parser.command)\(names) [options]" + parser.help.dropFirst(usage.count)
    }

    func run(_ args: [String]) -> Int32 {
        let command = "hud \(parser.command)"
        var rest = args[...]
        var given: [String] = []
        var verbatim = false  // after "--", arguments are positional even if they start with --
        while given.count < positionals.count, let first = rest.first {
            if first == "--", !verbatim { verbatim = true; rest = rest.dropFirst(); continue }
            if first.hasPrefix("--"), !verbatim { break }
            given.append(first)
            rest = rest.dropFirst()
        }
        do {
            guard let options = try parser.parse(Array(rest)) else {
                print(help, terminator: "")
                return 0
            }
            guard given.count == positionals.count else {
                throw CommandLineError("\(command): missing \(positionals[given.count].uppercased()) (see '\(command) --help')")
            }
            let request = try makeRequest(options, given)
            // The daemon's parser, here: a bad value is a usage error before anything is sent.
            do {
                _ = try Request.parse(Array(request.encoded().utf8.dropLast()))
            } catch {
                throw CommandLineError("\(command): \(error.reason)")
            }
            let client = try DaemonClient(path: DaemonClient.socketPath(option: options.string("socket")))
            printAnswer(try client.perform(request))
            return 0
        } catch let error as CommandLineError {
            StandardError.write("\(error)\n")
            return 2
        } catch let error as ClientError {
            StandardError.write("\(command): \(error)\n")
            return error.exitStatus
        } catch {
            StandardError.write("\(command): \(error)\n")
            return 1
        }
    }
}
