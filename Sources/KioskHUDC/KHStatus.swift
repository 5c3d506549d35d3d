/// `kh_status` of kioskhud.h: what a C call did. The raw values are the header's.
enum KHStatus: Int32 {
    case ok = 0
    case invalidArgument = 1
    case invalidHandle = 2
    case wrongThread = 3
    case unsupportedFormat = 4
    case badBuffer = 5
    case unsupported = 6
    case system = 7
    case render = 8
    case theme = 9
    case tooManyRects = 10
    case noDisplay = 11

    /// `kh_status_string`'s text, NUL-terminated static storage.
    var name: StaticString {
        switch self {
        case .ok: "ok"
        case .invalidArgument: "invalid argument"
        case .invalidHandle: "invalid handle"
        case .wrongThread: "called from the wrong thread"
        case .unsupportedFormat: "unsupported pixel format"
        case .badBuffer: "bad buffer"
        case .unsupported: "not supported"
        case .system: "system call failed"
        case .render: "drawing failed"
        case .theme: "theme problem"
        case .tooManyRects: "rectangle array too small"
        case .noDisplay: "no display"
        }
    }
}
