import HUDCore
import HUDProtocol
import HUDRender

/// The options of one command line, with typed readers whose errors name
/// the option and the bad value.
struct ParsedOptions {
    let command: String
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// The positional arguments, in order (as many as the parser names).
    var positionals: [String] = []

    init(command: String) { self.command = command }

    func string(_ name: String) -> String? { values[name] }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    private func bad(_ name: String, _ value: String, _ expected: String) -> CommandLineError {
        CommandLineError("hud \(command): --\(name) '\(value)': expected \(expected)")
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws(CommandLineError) -> Double? {
        guard let v = values[name] else { return nil }
        guard let d = Double(v), d.isFinite, range.contains(d) else {
            throw bad(name, v, "a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return d
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws(CommandLineError) -> Int? {
        guard let v = values[name] else { return nil }
        guard let i = Int(v), range.contains(i) else { throw bad(name, v, "a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return i
    }

    /// `WxH`, e.g. `640x400`.
    func size(_ name: String, in range: ClosedRange<Int>) throws(CommandLineError) -> (width: Int, height: Int)? {
        guard let v = values[name] else { return nil }
        let parts = v.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), range.contains(w), range.contains(h) else {
            throw bad(name, v, "WIDTHxHEIGHT with each side from \(range.lowerBound) to \(range.upperBound), e.g. 640x400")
        }
        return (w, h)
    }

    /// `X,Y` in points; `max`/`-max` (or `top`, `bottom`, … as words) pin to an edge.
    func offset(_ name: String) throws(CommandLineError) -> HUDPoint? {
        guard let v = values[name] else { return nil }
        switch v {
        case "top": return HUDPoint(x: 0, y: -HUDConfiguration.maxOffset)
        case "bottom": return HUDPoint(x: 0, y: HUDConfiguration.maxOffset)
        case "left": return HUDPoint(x: -HUDConfiguration.maxOffset, y: 0)
        case "right": return HUDPoint(x: HUDConfiguration.maxOffset, y: 0)
        default: break
        }
        func coordinate(_ s: Substring) -> Double? {
            switch s {
            case "max": return HUDConfiguration.maxOffset
            case "-max": return -HUDConfiguration.maxOffset
            default: return Double(s).flatMap { $0.isFinite ? $0 : nil }
            }
        }
        let parts = v.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = coordinate(parts[0]), let y = coordinate(parts[1]) else {
            throw bad(name, v, "X,Y in points (max or -max pins to an edge), or top, bottom, left, right")
        }
        return HUDPoint(x: x, y: y)
    }

    func color(_ name: String) throws(CommandLineError) -> HUDColor? {
        guard let v = values[name] else { return nil }
        guard let c = HexColor.parse(v) else { throw bad(name, v, "a colour #rgb, #rrggbb or #rrggbbaa") }
        return c
    }

    /// A mode name or alias (`WireMode`, the protocol's names).
    func mode(_ name: String) throws(CommandLineError) -> WireMode? {
        guard let v = values[name] else { return nil }
        guard let mode = WireMode(wireName: v) else { throw bad(name, v, "one of " + WireMode.namesList + " (or spinner, pie, annular)") }
        return mode
    }

    func choice<T>(_ name: String, _ options: KeyValuePairs<String, T>) throws(CommandLineError) -> T? {
        guard let v = values[name] else { return nil }
        guard let hit = options.first(where: { $0.key == v }) else {
            throw bad(name, v, "one of " + options.map(\.key).joined(separator: ", "))
        }
        return hit.value
    }
}
