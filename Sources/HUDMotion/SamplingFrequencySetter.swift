/// Raises a device's `sampling_frequency` to at least the poll rate when the
/// attribute is writable (a slow ODR makes every raw read wait; lis3dh's
/// default is 1 Hz). Picks the smallest `*_available` value ≥ the rate.
public enum SamplingFrequencySetter {
    /// Returns a line saying what was done.
    @discardableResult
    public static func apply(rate: Double, to device: AccelerometerDevice) -> String {
        guard let attribute = device.samplingFrequency else { return "no sampling_frequency attribute" }
        let file = attribute.path.split(separator: "/").last.map(String.init) ?? attribute.path
        let current = try? attribute.readDouble()
        if let current, current >= rate { return "\(file) \(format(current)) Hz (≥ \(format(rate)) Hz, left alone)" }
        guard attribute.isWritable else {
            return "\(file) \(current.map(format) ?? "?") Hz, not writable"
        }
        var choice = rate
        if let list = try? device.samplingFrequencyAvailable?.readText() {
            let values = list.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }.sorted()
            if let v = values.first(where: { $0 >= rate }) ?? values.last { choice = v }
        }
        do {
            try attribute.write(format(choice))
            return "\(file) \(current.map(format) ?? "?") → \(format(choice)) Hz"
        } catch {
            return "\(file) not set: \(error)"
        }
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
}
