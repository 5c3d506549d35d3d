/// Receives page-flip events: `DRMCard.dispatchEvents` calls it for every flip
/// or commit that was given `pointer` as its user data.
///
/// libdrm's flip handler is a C function pointer that cannot capture, so the
/// sink's address travels as `user_data`; `DRMCard` keeps the sink alive until
/// its event is read. The handler should not keep its display alive (weak).
public final class PageFlipSink: @unchecked Sendable {
    private let handler: (_ sequence: UInt32, _ seconds: UInt32, _ microseconds: UInt32) -> Void
    /// Flips or commits submitted with this sink whose events were not read yet (`DRMCard`).
    var pendingEvents = 0

    public init(_ handler: @escaping (_ sequence: UInt32, _ seconds: UInt32, _ microseconds: UInt32) -> Void) {
        self.handler = handler
    }

    /// The `user_data` of its flips and commits (unretained: `DRMCard` holds the sink).
    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func pageFlipped(sequence: UInt32, seconds: UInt32, microseconds: UInt32) {
        handler(sequence, seconds, microseconds)
    }
}
