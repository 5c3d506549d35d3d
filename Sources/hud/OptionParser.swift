/// The one parser of every `hud` command: `--name value`, `--name=value`,
/// `--flag`, and positional arguments, in any order; `--` makes the rest
/// positional; `-h`/`--help` anywhere before it asks for the help text.
/// With `plymouthdConventions`, also plymouthd's own: a flag may carry yes or
/// no (`--debug=no`, `--debug no`), and a value given apart is never one
/// that starts with `--`.
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
    /// Names of the positional arguments, in order (all required).
    var positionals: [String] = []
    /// plymouthd's command parser (ply-command-parser): a flag followed by
    /// `=WORD`, or by a next argument, that starts with y/Y or n/N (rpmatch(3)
    /// in the C locale) is set or cleared by it; `--name VALUE` does not take
    /// an argument that starts with `--` as VALUE.
    var plymouthdConventions = false

    /// Parses `args`; `--help` or `-h` yields nil (print `help` and exit 0).
    func parse(_ args: [String]) throws(CommandLineError) -> ParsedOptions? {
        var parsed = ParsedOptions(command: command)
        var i = 0
        var verbatim = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if verbatim || arg == "-" || !arg.hasPrefix("-") {
                guard parsed.positionals.count < positionals.count else {
                    throw CommandLineError("hud \(command): unexpected argument '\(arg)'" + (positionals.isEmpty
                        ? " (it takes no arguments besides options)" : " (it takes \(usageNames.hasPrefix(" ") ? String(usageNames.dropFirst()) : usageNames))"))
                }
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { verbatim = true; continue }
            if arg == "--help" || arg == "-h" { return nil }
            guard arg.hasPrefix("--") else {
                throw CommandLineError("hud \(command): unknown option '\(arg)' (options start with --; write -- before an argument that starts with -)")
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
                var on = true
                if plymouthdConventions, let word = inline ?? (i < args.count ? args[i] : nil), let yes = Self.yesOrNo(word) {
                    on = yes
                    if inline == nil { i += 1 }
                } else if inline != nil {
                    throw CommandLineError("hud \(command): option '--\(name)' takes no value" + (plymouthdConventions ? " but yes or no" : ""))
                }
                if on { parsed.flags.insert(name) } else { parsed.flags.remove(name) }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < args.count, !(plymouthdConventions && args[i].hasPrefix("--")) else {
                    throw CommandLineError("hud \(command): option '--\(name)' needs a value \(option.placeholder ?? "")")
                }
                value = args[i]
                i += 1
            }
            if parsed.values[name] != nil { throw CommandLineError("hud \(command): option '--\(name)' given twice") }
            parsed.values[name] = value
        }
        guard parsed.positionals.count == positionals.count else {
            throw CommandLineError("hud \(command): missing \(positionals[parsed.positionals.count].uppercased()) (see 'hud \(command) --help')")
        }
        return parsed
    }

    /// rpmatch(3) in the C locale: y… is yes, n… is no, anything else neither.
    static func yesOrNo(_ word: String) -> Bool? {
        switch word.first {
        case "y", "Y": return true
        case "n", "N": return false
        default: return nil
        }
    }

    private var usageNames: String { positionals.map { " " + $0.uppercased() }.joined() }

    var help: String {
        var s = "usage: hud \(command)\(usageNames) [options]\n\n\(summary)\n\noptions:\n"
        let labels = options.map { "--" + $0.name + ($0.placeholder.map { " " + $0 } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, o) in zip(labels, options) {
            s += "  " + label + String(repeating: " ", count: width - label.count) + o.help + "\n"
        }
        s += "  -h, --help" + String(repeating: " ", count: max(2, width - 10)) + "show this text\n"
        return s
    }
}
