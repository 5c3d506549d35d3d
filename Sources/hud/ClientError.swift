import HUDProtocol

/// Why a client command failed, and so its exit status: 2 for usage
/// mistakes (ours or refused by the daemon as malformed), 1 for the rest.
enum ClientError: Error, CustomStringConvertible {
    case usage(String)
    case runtime(String)
    /// Nothing listens on the socket (exit status 1; `hud wait` takes it as done).
    case noDaemon(String)

    init(daemonError code: ErrorCode, reason: String) {
        switch code {
        case .syntax, .unknownCommand, .unknownKey, .duplicateKey, .missingKey, .badValue, .tooLong, .badUTF8:
            self = .usage("the daemon refused the request (\(code.rawValue)): \(reason)")
        default:
            self = .runtime("\(reason) (\(code.rawValue))")
        }
    }

    var exitStatus: Int32 {
        switch self {
        case .usage: return 2
        case .runtime, .noDaemon: return 1
        }
    }

    var description: String {
        switch self {
        case .usage(let s), .runtime(let s), .noDaemon(let s): return s
        }
    }
}
