import HUDSystem
/// Why the daemon could not start or carry on.
public enum DaemonError: Error, CustomStringConvertible, Sendable {
    case system(SystemError)
    case socketPathTooLong(String)
    case alreadyRunning(String)
    /// An abstract socket name (Plymouth's) is bound by another process.
    case nameTaken(String)
    case notASocket(String)
    case notAFIFO(String)
    case fifoInUse(String)
    case unknownGroup(String)
    case badOutput(String)
    case output(String)

    public var description: String {
        switch self {
        case .system(let e): return e.description
        case .socketPathTooLong(let p): return "socket path \(p) is longer than a Unix socket address allows (107 bytes)"
        case .alreadyRunning(let p): return "another hud daemon is already listening on \(p)"
        case .nameTaken(let n): return "\(n) is already bound by another process (plymouthd, or another hud daemon)"
        case .notASocket(let p): return "\(p) exists and is not a socket; refusing to replace it"
        case .notAFIFO(let p): return "\(p) exists and is not a FIFO; refusing to replace it"
        case .fifoInUse(let p): return "\(p) is being read by another process (another splash daemon?); leaving it to that one"
        case .unknownGroup(let g): return "no group named \(g)"
        case .badOutput(let s): return "unknown output '\(s)' (use auto, kms, kms:/dev/dri/cardN, fbdev, fbdev:/dev/fbN, wayland, wayland:SOCKET, none or png:DIR)"
        case .output(let s): return s
        }
    }
}
