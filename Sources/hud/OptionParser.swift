/// A small table-driven parser for `--name value`, `--name=value` and
/// `--flag` options, shared by the `hud` commands.
struct OptionParser: Sendable {
    /// One option: `placeholder` nil means a flag that takes no value.
    struct Option: Sendable {
        let name: String
        let placeholder: String?
        let help: String
    }

    let command: String
    let summary: String
    let options: [Option]

    /// Parses `args`; `--help` anywhere yields nil (print `help` and exit 0).
    func parse(_ args: [String]) throws(CommandLineError) -> ParsedOptions? {
        var parsed = ParsedOptions(command: command)
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--help" || arg == "-h" { return nil }
            guard arg.hasPrefix("--"), arg.count > 2 else {
                throw CommandLineError("hud \(command): unexpected argument '\(arg)' (options start with --)")
            }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw CommandLineError("hud \(command): unknown option '--\(name)' (see 'hud \(command) --help')")
            }
            if option.placeholder == nil {
                if inline != nil { throw CommandLineError("hud \(command): option '--\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < args.count else { throw CommandLineError("hud \(command): option '--\(name)' needs a value \(option.placeholder ?? "")") }
                value = args[i]
                i += 1
            }
            if parsed.values[name] != nil { throw CommandLineError("hud \(command): option '--\(name)' given twice") }
            parsed.values[name] = value
        }
        return parsed
    }

    var help: String {
        var s = "usage: hud \(command) [options]\n\n\(summary)\n\noptions:\n"
        let labels = options.map { "--" + $0.name + ($0.placeholder.map { " " + $0 } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, o) in zip(labels, options) {
            s += "  " + label + String(repeating: " ", count: width - label.count) + o.help + "\n"
        }
        s += "  --help" + String(repeating: " ", count: max(2, width - 6)) + "show this text\n"
        return s
    }
}
