import HUDProtocol

/// What every client command shares: the `--socket` option, local validation of the request with the daemon's own
/// parser (so mistakes are usage errors, exit 2, before anything is sent),
/// one request, and exit statuses 0 / 1 (runtime) / 2 (usage).
struct ClientCommand: Sendable {
    static let socketOption = OptionParser.Option(
        name: "socket", placeholder: "PATH", help: "the daemon's socket (default $HUD_SOCKET, else /run/kioskhud/hud.sock)")

    let parser: OptionParser
    let makeRequest: @Sendable (ParsedOptions, [String]) throws(CommandLineError) -> Request
    /// Prints an `ok` answer; nothing by default.
    var printAnswer: @Sendable ([Field]) -> Void = { _ in }

    func run(_ args: [String]) -> Int32 {
        let command = "hud \(parser.command)"
        do {
            guard let options = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            let request = try makeRequest(options, options.positionals)
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
