import HUDCore

extension PixelBuffer {
    /// Checks what drawing needs: a positive size, and a stride that holds
    /// a row and is a multiple of 4 (Cairo's rows are 32-bit words).
    public func validate() throws(RenderError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .badBuffer("size \(width)×\(height) is outside 1…32767")
        }
        guard let minimum = format.minimumStride(forWidth: width) else {
            throw .badBuffer("no stride fits width \(width)")
        }
        guard stride >= minimum, stride % 4 == 0 else {
            throw .badBuffer("stride \(stride) does not fit \(width) \(format.rawValue) pixels (a multiple of 4 is needed, at least \(minimum))")
        }
    }
}
