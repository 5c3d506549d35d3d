/// Raises a device's `sampling_frequency` to at least the poll rate when the
/// attribute is writable (a slow ODR makes every raw read wait; lis3dh's
/// default is 1 Hz). Picks the smallest `*_available` value ≥ the rate.
/// The change is handed back so the reader restores it when it stops.
public enum SamplingFrequencySetter {
    /// Raises the rate if needed; `restore()` on the result puts it back.
    public static func apply(rate: Double, to device: AccelerometerDevice) -> SamplingFrequencyChange {
        guard let attribute = device.samplingFrequency else { return .unchanged("no sampling_frequency attribute") }
        let file = attribute.path.split(separator: "/").last.map(String.init) ?? attribute.path
        let text = try? attribute.readText()
        let current = text.flatMap { Double($0) }
        if let current, current >= rate { return .unchanged("\(file) \(format(current)) Hz (≥ \(format(rate)) Hz, left alone)") }
        guard attribute.isWritable else {
            return .unchanged("\(file) \(current.map(format) ?? "?") Hz, not writable")
        }
        var choice = rate
        if let list = try? device.samplingFrequencyAvailable?.readText() {
            let values = list.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }.sorted()
            if let v = values.first(where: { $0 >= rate }) ?? values.last { choice = v }
        }
        do {
            try attribute.write(format(choice))
            return SamplingFrequencyChange(description: "\(file) \(current.map(format) ?? "?") → \(format(choice)) Hz (restored on exit)",
                                           attribute: attribute, previous: text)
        } catch {
            return .unchanged("\(file) not set: \(error)")
        }
    }

    /// What `apply` would find, changing nothing (for diagnostics).
    public static func describe(rate: Double, device: AccelerometerDevice) -> String {
        guard let attribute = device.samplingFrequency else { return "no sampling_frequency attribute" }
        let file = attribute.path.split(separator: "/").last.map(String.init) ?? attribute.path
        guard let current = try? attribute.readDouble() else { return "\(file) unreadable" }
        return current >= rate ? "\(file) \(format(current)) Hz"
            : "\(file) \(format(current)) Hz, below \(format(rate)) Hz: reads may wait for the sensor (--raise-rate raises it for this run)"
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}
