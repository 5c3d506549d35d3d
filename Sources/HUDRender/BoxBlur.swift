import Glibc

/// Repeated box blurs, which approach a Gaussian: three passes of radius r
/// have a standard deviation of √((2r+1)² − 1)/2 pixels. Runs on small
/// (downscaled) images, so a plain sliding window is fast enough.
enum BoxBlur {
    /// The radius whose `passes` box passes give standard deviation `sigma`.
    static func radius(forSigma sigma: Double, passes: Int) -> Int {
        guard sigma > 0, passes > 0 else { return 0 }
        return max(0, Int(((12 * sigma * sigma / Double(passes) + 1).squareRoot() - 1) / 2 + 0.5))
    }

    /// Blurs 32-bit pixels (4 independent 8-bit channels) in place; edges repeat.
    static func blur(_ data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, radius: Int, passes: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        var line = [UInt32](repeating: 0, count: max(width, height))
        var out = [UInt32](repeating: 0, count: max(width, height))
        for _ in 0..<passes {
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { line[x] = row[x] }
                slide(line, into: &out, count: width, radius: radius)
                for x in 0..<width { row[x] = out[x] }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = (data + y * stride).load(fromByteOffset: x * 4, as: UInt32.self) }
                slide(line, into: &out, count: height, radius: radius)
                for y in 0..<height { (data + y * stride).storeBytes(of: out[y], toByteOffset: x * 4, as: UInt32.self) }
            }
        }
    }

    /// One box pass over `count` pixels with a running sum per channel.
    private static func slide(_ src: [UInt32], into dst: inout [UInt32], count: Int, radius: Int) {
        let window = UInt32(2 * radius + 1)
        let inverse = (UInt32(1) << 16) / window + 1
        var s0: UInt32 = 0, s1: UInt32 = 0, s2: UInt32 = 0, s3: UInt32 = 0
        @inline(__always) func at(_ i: Int) -> UInt32 { src[min(max(i, 0), count - 1)] }
        for i in -radius...radius {
            let p = at(i)
            s0 += p & 0xFF; s1 += (p >> 8) & 0xFF; s2 += (p >> 16) & 0xFF; s3 += p >> 24
        }
        for i in 0..<count {
            dst[i] = min((s0 * inverse) >> 16, 255) | min((s1 * inverse) >> 16, 255) << 8
                | min((s2 * inverse) >> 16, 255) << 16 | min((s3 * inverse) >> 16, 255) << 24
            let add = at(i + radius + 1), sub = at(i - radius)
            s0 = s0 + (add & 0xFF) - (sub & 0xFF)
            s1 = s1 + ((add >> 8) & 0xFF) - ((sub >> 8) & 0xFF)
            s2 = s2 + ((add >> 16) & 0xFF) - ((sub >> 16) & 0xFF)
            s3 = s3 + (add >> 24) - (sub >> 24)
        }
    }
}
