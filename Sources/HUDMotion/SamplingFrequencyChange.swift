/// What `SamplingFrequencySetter` did to a device's `sampling_frequency`,
/// so that it can be put back: the sensor is shared (iio-sensor-proxy, other
/// readers), and a reader that raised its rate lowers it again when it stops.
public struct SamplingFrequencyChange: Sendable {
    /// A line saying what was done (or found).
    public var description: String
    let attribute: SysfsAttribute?
    /// The attribute's text before the change; nil when nothing was written.
    let previous: String?

    /// Nothing written.
    static func unchanged(_ description: String) -> SamplingFrequencyChange {
        SamplingFrequencyChange(description: description, attribute: nil, previous: nil)
    }

    /// Writes the value found before the change back; nil when there was no
    /// change, else a line saying what happened.
    @discardableResult
    public func restore() -> String? {
        guard let attribute, let previous else { return nil }
        let file = attribute.path.split(separator: "/").last.map(String.init) ?? attribute.path
        do {
            try attribute.write(previous)
            return "\(file) restored to \(previous) Hz"
        } catch {
            return "\(file) not restored to \(previous) Hz: \(error)"
        }
    }
}
