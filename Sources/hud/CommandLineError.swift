/// A usage mistake; the message names the option and what was wrong.
struct CommandLineError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
