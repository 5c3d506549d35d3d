/// Repeated box blurs, which approach a Gaussian: `passes` passes of radius
/// r have a variance of passes·((2r+1)² − 1)/12 pixels². Meant for small
/// (downscaled) images. The four 8-bit channels travel in 16-bit lanes of
/// one 64-bit word, so each step is one add and one subtract; edges repeat.
enum BoxBlur {
    /// Windows wider than this could overflow a 16-bit lane (255 × 257 > 65535).
    static let maximumRadius = 128

    /// The radius whose `passes` box passes give standard deviation `sigma`.
    static func radius(forSigma sigma: Double, passes: Int) -> Int {
        guard sigma > 0, passes > 0 else { return 0 }
        let r = Int(((12 * sigma * sigma / Double(passes) + 1).squareRoot() - 1) / 2 + 0.5)
        return min(max(0, r), maximumRadius)
    }

    @inline(__always) private static func spread(_ p: UInt32) -> UInt64 {
        let q = UInt64(p)
        return (q & 0xFF) | (q & 0xFF00) << 8 | (q & 0xFF_0000) << 16 | (q & 0xFF00_0000) << 24
    }

    @inline(__always) private static func pack(_ s: UInt64, _ inverse: UInt64) -> UInt32 {
        let c0 = ((s & 0xFFFF) * inverse) >> 16
        let c1 = (((s >> 16) & 0xFFFF) * inverse) >> 16
        let c2 = (((s >> 32) & 0xFFFF) * inverse) >> 16
        let c3 = ((s >> 48) * inverse) >> 16
        return UInt32(truncatingIfNeeded: c0 | c1 << 8 | c2 << 16 | c3 << 24)
    }

    /// Blurs 32-bit pixels in place.
    static func blur(_ data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, radius: Int, passes: Int) {
        let r = min(radius, maximumRadius)
        guard r > 0, width > 0, height > 0 else { return }
        let window = UInt64(2 * r + 1)
        // floor(65536 / window) + 1 never rounds a full channel above 255 for windows ≤ 257.
        let inverse = (1 << 16) / window + 1
        let line = UnsafeMutablePointer<UInt64>.allocate(capacity: max(width, height))
        let sums = UnsafeMutablePointer<UInt64>.allocate(capacity: width)
        let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        defer { line.deallocate(); sums.deallocate(); copy.deallocate() }
        @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (data + y * stride).assumingMemoryBound(to: UInt32.self)
        }
        for _ in 0..<passes {
            // Horizontal: slide along each row.
            for y in 0..<height {
                let p = row(y)
                for x in 0..<width { line[x] = spread(p[x]) }
                var s: UInt64 = line[0] &* UInt64(r + 1)
                for i in 1...r { s &+= line[min(i, width - 1)] }
                for x in 0..<width {
                    p[x] = pack(s, inverse)
                    s = s &+ line[min(x + r + 1, width - 1)] &- line[max(x - r, 0)]
                }
            }
            // Vertical: one running sum per column, walking down the rows.
            for y in 0..<height { (copy + y * width).update(from: row(y), count: width) }
            @inline(__always) func src(_ y: Int) -> UnsafeMutablePointer<UInt32> { copy + min(max(y, 0), height - 1) * width }
            for x in 0..<width { sums[x] = spread(copy[x]) &* UInt64(r + 1) }
            for i in 1...r {
                let s = src(i)
                for x in 0..<width { sums[x] &+= spread(s[x]) }
            }
            for y in 0..<height {
                let out = row(y), add = src(y + r + 1), sub = src(y - r)
                for x in 0..<width {
                    out[x] = pack(sums[x], inverse)
                    sums[x] = sums[x] &+ spread(add[x]) &- spread(sub[x])
                }
            }
        }
    }
}
