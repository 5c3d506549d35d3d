import HUDCore

extension PixelBuffer {
    /// Checks what Cairo needs: a positive size, and a stride that is at
    /// least `cairo_format_stride_for_width` and a multiple of 4.
    public func validate() throws(RenderError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw .badBuffer("size \(width)×\(height) is outside 1…32767")
        }
        guard let minimum = format.minimumStride(forWidth: width) else {
            throw .badBuffer("Cairo has no stride for width \(width)")
        }
        guard stride >= minimum, stride % 4 == 0 else {
            throw .badBuffer("stride \(stride) does not fit \(width) \(format.rawValue) pixels (Cairo needs a multiple of 4, at least \(minimum))")
        }
    }
}
