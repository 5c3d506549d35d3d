/// What went wrong while rendering, each naming what was wrong.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `PixelBuffer` that cannot be drawn into (size, stride).
    case badBuffer(String)
    /// The buffer does not match the renderer's screen geometry.
    case bufferMismatch(expected: String, found: String)
    /// An impossible screen size or scale.
    case badGeometry(String)
    /// A PNG could not be read: the path and the reason. Drawing goes on without it.
    case imageUnreadable(path: String, reason: String)
    /// A PNG could not be written.
    case imageNotWritten(path: String, reason: String)
    /// Cairo could not make an image or draw (memory).
    case cairo(String)
    /// Something needs Cairo, which could not be loaded
    /// (`HUDRenderer.markGraphicsUnavailable`): what was left out.
    case graphicsUnavailable(String)
    /// The text libraries could not be loaded: labels are not drawn (the reason).
    case textUnavailable(String)
    /// A font problem: an unreadable font list, a family no font answers.
    case font(String)

    public var description: String {
        switch self {
        case .badBuffer(let s): return "bad pixel buffer: \(s)"
        case .bufferMismatch(let e, let f): return "buffer is \(f) but the screen geometry is \(e)"
        case .badGeometry(let s): return "bad screen geometry: \(s)"
        case .imageUnreadable(let p, let r): return "cannot read image \(p): \(r)"
        case .imageNotWritten(let p, let r): return "cannot write image \(p): \(r)"
        case .cairo(let s): return "cairo: \(s)"
        case .graphicsUnavailable(let s): return "\(s): Cairo could not be loaded"
        case .textUnavailable(let s): return s
        case .font(let s): return s
        }
    }
}
