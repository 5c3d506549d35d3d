import HUDInput
import HUDSystem
#if canImport(Glibc)
import Glibc
#endif

/// `hud input`: for people checking a keyboard, touchscreen or mouse, and
/// for the tests. Reads every input device as the HUD will (libinput's path
/// backend, xkbcommon) and prints one line per event.
enum InputCommand {
    static let subcommand = Subcommand(
        name: "input", summary: "print key presses, touches and pointer events as the HUD reads them",
        run: { InputCommand.run($0) })

    static let parser = OptionParser(command: "input", summary: """
        Reads keyboards, touchscreens, mice and tablets under /dev/input through
        libinput (devices plugged later are picked up) and prints a line per event:
          text "a"                       a key that types something (the layout's text)
          key enter | key ctrl+c | key F1   any other key press, by name
          touch down 640 400 | touch motion X Y | touch up X Y   (screen pixels)
          pointer motion X Y | pointer button left pressed at X Y
          device added PATH "NAME" (CAPABILITIES) | device removed ...
        "ready" follows the devices present at start. Key releases are not printed.
        Exit status: 0 ok (after --seconds, SIGINT or SIGTERM), 1 no libinput or
        xkbcommon, or an unknown layout, 2 bad options.
        """, options: [
            .init(name: "seconds", placeholder: "N", help: "stop after N seconds (default: at SIGINT or SIGTERM)"),
            .init(name: "layout", placeholder: "L", help: "XKB layout, e.g. us, de, fr, us,ru (default us)"),
            .init(name: "variant", placeholder: "V", help: "XKB variant, e.g. dvorak"),
            .init(name: "model", placeholder: "M", help: "XKB model (default pc105)"),
            .init(name: "rules", placeholder: "R", help: "XKB rules (default evdev)"),
            .init(name: "xkb-options", placeholder: "O", help: "XKB options, e.g. ctrl:nocaps"),
            .init(name: "size", placeholder: "WxH", help: "screen size that touch and pointer positions are in (default 1280x800)"),
            .init(name: "dir", placeholder: "DIR", help: "where the evdev nodes are (default /dev/input)"),
            .init(name: "verbose", placeholder: nil, help: "libinput's informational log lines too (stderr)"),
        ])

    static func parse(_ arguments: [String]) throws(CommandLineError) -> (InputOptions, Double?)? {
        guard let o = try parser.parse(arguments) else { return nil }
        var options = InputOptions()
        if let v = o.string("layout") { options.layout.layout = v }
        if let v = o.string("variant") { options.layout.variant = v }
        if let v = o.string("model") { options.layout.model = v }
        if let v = o.string("rules") { options.layout.rules = v }
        if let v = o.string("xkb-options") { options.layout.options = v }
        if let s = try o.size("size", in: 1...16384) { options.screen = ScreenSize(width: s.width, height: s.height) }
        if let v = o.string("dir") { options.directory = v }
        options.verbose = o.flag("verbose")
        return (options, try o.double("seconds", in: 0.01...86400))
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: InputOptions
        let seconds: Double?
        do {
            guard let parsed = try parse(arguments) else {
                out(parser.help)
                return 0
            }
            (options, seconds) = parsed
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
        // SIGINT and SIGTERM end the wait below; blocked before the loop's thread exists.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let monitor: InputMonitor
        let loop: EventLoop
        do {
            loop = try EventLoop()
            monitor = try InputMonitor(loop: loop, options: options, log: { StandardError.write("hud input: \($0)\n") }) { event in
                if let line = line(event) { out(line + "\n") }
            }
        } catch {
            StandardError.write("hud input: \(error)\n")
            return 1
        }
        StandardError.write("hud input: reading \(options.directory), layout \(options.layout), screen \(options.screen)\n")
        loop.execute { out("ready\n") }  // after the devices present at start (queued before it)

        if let seconds {
            var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
            while sigtimedwait(&signals, nil, &timeout) < 0, errno == EINTR {}
        } else {
            var signal: Int32 = 0
            sigwait(&signals, &signal)
        }
        monitor.stop()
        return 0
    }

    /// The line printed for an event; nil for those not printed (key releases).
    static func line(_ event: InputEvent) -> String? {
        switch event {
        case .key(let press):
            guard press.state == .pressed else { return nil }
            if let text = press.text { return "text \(quoted(text))" }
            var prefix = ""
            if press.modifiers.contains(.control) { prefix += "ctrl+" }
            if press.modifiers.contains(.alt) { prefix += "alt+" }
            if press.modifiers.contains(.logo) { prefix += "super+" }
            switch press.key {
            case .symbol(let name): return "key \(prefix)\(name)"
            case let named:
                if press.modifiers.contains(.shift) { prefix += "shift+" }
                return "key \(prefix)\(name(named))"
            }
        case .touch(let touch):
            let phase = switch touch.phase { case .down: "down"; case .motion: "motion"; case .up: "up"; case .cancel: "cancel" }
            var s = "touch \(phase)"
            if let p = touch.position { s += " \(p)" }
            if touch.slot != 0 { s += " slot \(touch.slot)" }
            return s
        case .pointer(.motion(let p)):
            return "pointer motion \(p)"
        case .pointer(.button(let button, let state, let p)):
            return "pointer button \(button) \(state == .pressed ? "pressed" : "released") at \(p)"
        case .deviceAdded(let info):
            return "device added \(info)"
        case .deviceRemoved(let info):
            return "device removed \(info)"
        }
    }

    static func name(_ key: Key) -> String {
        switch key {
        case .enter: "enter"
        case .backspace: "backspace"
        case .escape: "escape"
        case .tab: "tab"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .symbol(let s): s
        }
    }

    /// `"text"` with `"` and `\` escaped.
    static func quoted(_ text: String) -> String {
        var s = "\""
        for c in text {
            if c == "\"" || c == "\\" { s.append("\\") }
            s.append(c)
        }
        return s + "\""
    }

    static func out(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress!, $0.count) }
    }
}
