import Glibc
import HUDSystem
import HUDProtocol

/// `updater | hud pipe`: progress from an updater's output lines.
enum PipeCommand {
    static let subcommand = Subcommand(name: "pipe", summary: "turn percentages in input lines into progress", run: run)

    static let parser = OptionParser(
        command: "pipe",
        summary: """
            Reads lines on standard input and sends the progress each states: by default
            the first number followed by '%' ("Downloading 42.5%"). The input is always read
            to its end, even when the daemon is gone, so the updater is never killed by a
            broken pipe. Exit status: 0, or 1 if the daemon could not be reached.
            """,
        options: [
            .init(name: "prefix", placeholder: "TEXT", help: "the number follows this text (e.g. 'progress: ')"),
            .init(name: "suffix", placeholder: "TEXT", help: "the number is followed by this text (default '%'; '' for none)"),
            .init(name: "pattern", placeholder: "REGEX", help: "POSIX extended regular expression (\\d allowed) whose first group is the number (overrides prefix/suffix)"),
            .init(name: "scale", placeholder: "N", help: "the value that means 100 % (default 100; 1 for fractions)"),
            .init(name: "label", placeholder: "TEXT", help: "show the HUD with this label first"),
            .init(name: "mode", placeholder: "MODE", help: "bar (default), ring or pie, for the HUD shown"),
            .init(name: "lines", placeholder: "WHERE", help: "show lines without progress as 'label' or 'details' (default: not shown)"),
            .init(name: "echo", placeholder: nil, help: "copy the input to standard output"),
            .init(name: "hide-at-end", placeholder: nil, help: "hide the HUD when the input ends"),
            ClientCommand.socketOption,
        ])

    static func run(_ args: [String]) -> Int32 {
        let scanner: ProgressLineScanner
        let o: ParsedOptions
        do {
            guard let parsed = try parser.parse(args) else {
                print(parser.help, terminator: "")
                return 0
            }
            o = parsed
            let scale = try o.double("scale", in: 1e-9...1e12) ?? 100
            do {
                scanner = try ProgressLineScanner(prefix: o.string("prefix") ?? "", suffix: o.string("suffix") ?? "%",
                                                  pattern: o.string("pattern"), scale: scale)
            } catch {
                throw CommandLineError("hud pipe: \(error)")
            }
            _ = try o.choice("mode", ["bar": WireMode.bar, "ring": .ring, "pie": .determinate])
            _ = try o.choice("lines", ["label": 0, "details": 1])
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
        let mode = (try? o.choice("mode", ["bar": WireMode.bar, "ring": .ring, "pie": .determinate])) ?? .bar
        let lines = o.string("lines")
        let echo = o.flag("echo")

        var client: DaemonClient?
        var failed = false
        var refusals: Set<ErrorCode> = []
        func send(_ request: Request) {
            guard !failed, let c = client else { return }
            do {
                // A refused request (e.g. an update while hidden) is reported once; the pipe goes on.
                if case .error(let code, let reason) = try c.send(request), refusals.insert(code).inserted {
                    StandardError.write("hud pipe: the daemon refused '\(request.verb)': \(reason)\n")
                }
            } catch {
                StandardError.write("hud pipe: \(error); reading on without a HUD\n")
                failed = true
                client = nil
            }
        }
        do {
            client = try DaemonClient(path: DaemonClient.socketPath(option: o.string("socket")))
        } catch {
            StandardError.write("hud pipe: \(error); reading on without a HUD\n")
            failed = true
        }
        send(.show(HUDSettings(mode: mode, label: o.string("label"), progressPercent: 0)))

        var framer = LineFramer(maxLineBytes: 65536)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var lastSent: Double?
        while true {
            let n = Errno.retryingOnInterrupt { buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) } }
            if n <= 0 { break }
            if echo { writeAll(1, buffer[0..<n]) }
            framer.feed(buffer[0..<n]) { event in
                guard case .line(let bytes) = event else { return }
                let text = String(decoding: bytes, as: UTF8.self)
                if let p = scanner.percent(in: text) {
                    let rounded = (p * 10).rounded() / 10
                    if rounded != lastSent {
                        lastSent = rounded
                        send(.progress(percent: rounded))
                    }
                } else if let lines {
                    let shown = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200))
                    send(lines == "label" ? .update(HUDSettings(label: shown)) : .update(HUDSettings(details: shown)))
                }
            }
        }
        if o.flag("hide-at-end") { send(.hide(afterSeconds: nil, animated: true)) }
        return failed ? 1 : 0
    }

    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            let n = Errno.retryingOnInterrupt { rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            if n <= 0 { return }
            rest = rest.dropFirst(n)
        }
    }
}
