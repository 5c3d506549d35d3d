import Glibc
import HUDCore
@testable import HUDRender

/// Temporary files for tests, removed by the caller.
enum TestFiles {
    static func temporaryPath(_ suffix: String) -> String {
        var template = Array("/tmp/kioskhud-test-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd >= 0 { close(fd) }
        let base = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(base)
        return base + suffix
    }

    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// A PNG whose pixel (x, y) is `color(x, y)` as (r, g, b), opaque (written by `PNGFile`).
    static func writePNG(width: Int, height: Int, color: (Int, Int) -> (Int, Int, Int)) throws -> String {
        let path = temporaryPath(".png")
        let owned = try OwnedPixelBuffer(width: width, height: height, format: .xrgb8888)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                let p = UInt32(0xFF00_0000) | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                owned.buffer.base.storeBytes(of: p, toByteOffset: y * owned.buffer.stride + x * 4, as: UInt32.self)
            }
        }
        try PNGFile.write(owned.buffer, to: path)
        return path
    }

    /// A PNG with alpha whose pixel (x, y) is `color(x, y)` as (r, g, b, a), not premultiplied.
    static func writeARGB(width: Int, height: Int, color: (Int, Int) -> (Int, Int, Int, Int)) throws -> String {
        let path = temporaryPath(".png")
        let owned = try OwnedPixelBuffer(width: width, height: height, format: .argb8888)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                let p = UInt32(a) << 24 | UInt32(r * a / 255) << 16 | UInt32(g * a / 255) << 8 | UInt32(b * a / 255)
                owned.buffer.base.storeBytes(of: p, toByteOffset: y * owned.buffer.stride + x * 4, as: UInt32.self)
            }
        }
        try PNGFile.write(owned.buffer, to: path)
        return path
    }

    static func writeText(_ text: String, suffix: String = ".txt") throws -> String {
        let path = temporaryPath(suffix)
        guard let f = fopen(path, "w") else { throw WriteError(description: "cannot create \(path)") }
        fputs(text, f)
        fclose(f)
        return path
    }
}
