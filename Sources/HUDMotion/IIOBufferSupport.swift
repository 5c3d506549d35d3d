/// What a device offers for buffered reads: a character device, scan
/// elements for x/y/z and (when it has a trigger directory) a trigger to use.
public struct IIOBufferSupport: Hashable, Sendable {
    /// `/dev/iio:deviceN`.
    public var deviceNode: String
    /// `scan_elements` (or `buffer0` on kernels with multiple buffers).
    public var scanElementsDirectory: String
    /// `buffer/` with `enable` and `length`.
    public var bufferDirectory: String
    /// `trigger/current_trigger`, nil when the device has no trigger directory.
    public var currentTriggerFile: String?
    /// The trigger to select; nil when `current_trigger` is already set or
    /// the device needs none.
    public var triggerToSelect: String?
}
