/// Receives page-flip events: `DRMCard.dispatchEvents` calls it for every flip
/// or commit that was given `pointer` as its user data.
///
/// libdrm's flip handler is a C function pointer that cannot capture, so the
/// owner travels as `user_data`; the sink must outlive every pending flip.
public final class PageFlipSink: @unchecked Sendable {
    private let handler: (_ sequence: UInt32, _ seconds: UInt32, _ microseconds: UInt32) -> Void

    public init(_ handler: @escaping (_ sequence: UInt32, _ seconds: UInt32, _ microseconds: UInt32) -> Void) {
        self.handler = handler
    }

    /// The value to pass as user data to `pageFlip` or `commit` (unretained).
    public var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func pageFlipped(sequence: UInt32, seconds: UInt32, microseconds: UInt32) {
        handler(sequence, seconds, microseconds)
    }
}
