import Glibc
import HUDCore
import Testing
@testable import HUDRender

/// `PNGDecoder` against the pixels the test's own files hold: the
/// premultiplied pixels PNG defines for every colour type, bit depth,
/// filter and interlacing; errors, never a crash, for broken files.
@Suite struct PNGDecoderTests {
    /// The pixels a file written by `writer` holds, worked out from its
    /// samples as PNG defines them: low depths scaled to 8 bits, 16-bit
    /// samples cut to their high byte, tRNS applied, premultiplied as
    /// `PNGDecoder` promises (Cairo's rounding).
    static func expected(_ w: Writer) -> [UInt32] {
        func eight(_ v: Int) -> UInt32 {
            w.bitDepth == 16 ? UInt32(v >> 8) : UInt32(v * 255 / ((1 << w.bitDepth) - 1))
        }
        func premultiplied(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
            if a == 255 { return 0xFF00_0000 | r << 16 | g << 8 | b }
            if a == 0 { return 0 }
            func m(_ c: UInt32) -> UInt32 {
                let t = a * c + 0x80
                return (t + (t >> 8)) >> 8
            }
            return a << 24 | m(r) << 16 | m(g) << 8 | m(b)
        }
        var out: [UInt32] = []
        for y in 0..<w.height {
            for x in 0..<w.width {
                let s = (0..<w.channels).map { w.sample(x, y, $0) }
                switch w.colorType {
                case 0:
                    let key = w.transparency.map { Int($0[0]) << 8 | Int($0[1]) }
                    let g = eight(s[0])
                    out.append(premultiplied(key == s[0] ? 0 : 255, g, g, g))
                case 2:
                    let key = w.transparency.map { t in (0..<3).map { Int(t[2 * $0]) << 8 | Int(t[2 * $0 + 1]) } }
                    out.append(premultiplied(key == s ? 0 : 255, eight(s[0]), eight(s[1]), eight(s[2])))
                case 3:
                    let i = s[0], t = w.transparency ?? []
                    out.append(premultiplied(i < t.count ? UInt32(t[i]) : 255, UInt32(w.palette[3 * i]),
                                             UInt32(w.palette[3 * i + 1]), UInt32(w.palette[3 * i + 2])))
                case 4:
                    let g = eight(s[0])
                    out.append(premultiplied(eight(s[1]), g, g, g))
                default:
                    out.append(premultiplied(eight(s[3]), eight(s[0]), eight(s[1]), eight(s[2])))
                }
            }
        }
        return out
    }

    /// A PNG written here, byte by byte: any colour type, depth, filter and
    /// interlacing, its image data in stored (uncompressed) deflate blocks.
    struct Writer {
        var width: Int, height: Int, colorType: Int, bitDepth: Int
        var interlaced = false
        var forcedFilter: Int?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        /// Sample `c` of pixel (x, y), at the bit depth.
        var sample: (Int, Int, Int) -> Int

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(Int(Checksums.crc32(body[...])))
        }

        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

        func row(_ y: Int, _ xs: [Int], filter: Int, previous: [UInt8]) -> [UInt8] {
            var bits: [Int] = []
            for x in xs {
                for c in 0..<channels {
                    let v = sample(x, y, c)
                    for b in stride(from: bitDepth - 1, through: 0, by: -1) { bits.append(v >> b & 1) }
                }
            }
            while bits.count % 8 != 0 { bits.append(0) }
            let raw = stride(from: 0, to: bits.count, by: 8).map { i in UInt8(bits[i..<i + 8].reduce(0) { $0 << 1 | $1 }) }
            let unit = max(1, channels * bitDepth / 8)
            var out = [UInt8(filter)]
            for i in 0..<raw.count {
                let a = i >= unit ? Int(raw[i - unit]) : 0, b = previous.isEmpty ? 0 : Int(previous[i])
                let c = i >= unit && !previous.isEmpty ? Int(previous[i - unit]) : 0
                out.append(UInt8((Int(raw[i]) - Self.predictor(filter, a, b, c)) & 0xFF))
            }
            return out
        }

        var bytes: [UInt8] {
            var scan: [UInt8] = []
            let passes = interlaced ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
                : [(0, 0, 1, 1)]
            for (x0, y0, dx, dy) in passes {
                let xs = Array(stride(from: x0, to: width, by: dx))
                guard !xs.isEmpty else { continue }
                var previous: [UInt8] = []
                for (k, y) in stride(from: y0, to: height, by: dy).enumerated() {
                    let r = row(y, xs, filter: forcedFilter ?? (y + k) % 5, previous: previous)
                    scan += r
                    // The next row's filters predict from this row's raw bytes.
                    previous = unfiltered(r, previous: previous)
                }
            }
            var z: [UInt8] = [0x78, 0x01]
            var at = 0
            repeat {
                let n = min(65535, scan.count - at)
                z += [at + n == scan.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
                z += scan[at..<at + n]
                at += n
            } while at < scan.count
            let adler = Checksums.adler32(scan)
            z += be32(Int(adler))
            var png = PNGSource.signature
            png += chunk("IHDR", be32(width) + be32(height) + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
            if !palette.isEmpty { png += chunk("PLTE", palette) }
            if let transparency { png += chunk("tRNS", transparency) }
            png += chunk("tEXt", Array("Comment\0ancillary, skipped".utf8))
            // Two IDAT chunks: the decoder must join them.
            let half = z.count / 2
            png += chunk("IDAT", Array(z[..<half])) + chunk("IDAT", Array(z[half...])) + chunk("IEND", [])
            return png
        }

        /// PNG's prediction of a byte from its left (a), upper (b) and upper-left (c) neighbours.
        static func predictor(_ filter: Int, _ a: Int, _ b: Int, _ c: Int) -> Int {
            switch filter {
            case 1: return a
            case 2: return b
            case 3: return (a + b) / 2
            case 4:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            default: return 0
            }
        }

        func unfiltered(_ r: [UInt8], previous: [UInt8]) -> [UInt8] {
            var row = Array(r.dropFirst())
            let unit = max(1, channels * bitDepth / 8)
            for i in 0..<row.count {
                let a = i >= unit ? Int(row[i - unit]) : 0, b = previous.isEmpty ? 0 : Int(previous[i])
                let c = i >= unit && !previous.isEmpty ? Int(previous[i - unit]) : 0
                row[i] = UInt8((Int(row[i]) + Self.predictor(Int(r[0]), a, b, c)) & 0xFF)
            }
            return row
        }
    }

    struct Kind: CustomStringConvertible, Sendable {
        var colorType: Int, bitDepth: Int, interlaced: Bool, transparency: Bool
        var description: String {
            "type \(colorType), \(bitDepth) bit\(interlaced ? ", Adam7" : "")\(transparency ? ", tRNS" : "")"
        }
    }

    static let kinds: [Kind] = {
        var all: [Kind] = []
        for (type, depths) in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])] {
            for depth in depths {
                for interlaced in [false, true] {
                    all.append(Kind(colorType: type, bitDepth: depth, interlaced: interlaced, transparency: false))
                    if type == 0 || type == 2 || type == 3 {
                        all.append(Kind(colorType: type, bitDepth: depth, interlaced: interlaced, transparency: true))
                    }
                }
            }
        }
        return all
    }()

    static func writer(_ k: Kind) -> Writer {
        let levels = 1 << k.bitDepth
        var w = Writer(width: 13, height: 11, colorType: k.colorType, bitDepth: k.bitDepth, interlaced: k.interlaced) { x, y, c in
            let v: Int = x * 37 + y * 91 + c * 53 + x * y * 7
            return v % levels
        }
        if k.colorType == 3 {
            let entries = min(1 << k.bitDepth, 200)
            var palette: [UInt8] = []
            for i in 0..<entries {
                palette += [UInt8(i * 5 % 256), UInt8(i * 11 % 256), UInt8(255 - i)]
            }
            w.palette = palette
            w.sample = { x, y, _ in (x * 7 + y * 3) % entries }
            if k.transparency { w.transparency = (0..<entries / 2).map { UInt8($0 * 29 % 256) } }
        } else if k.transparency {
            // A key some pixels match: pixel (0, 0)'s samples.
            let key = (0..<(k.colorType == 0 ? 1 : 3)).map { w.sample(0, 0, $0) }
            w.transparency = key.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        }
        return w
    }

    @Test(arguments: kinds)
    func decodesEveryKindOfFile(_ k: Kind) throws {
        let writer = Self.writer(k)
        let expected = DecodedImage(width: 13, height: 11, pixels: Self.expected(writer))
        let got = try PNGDecoder.decode(writer.bytes)
        #expect(got.width == 13 && got.height == 11)
        // 16-bit samples: the high byte, or rounded (a libpng built to scale).
        let tolerance: UInt32 = k.bitDepth == 16 ? 1 : 0
        func near(_ a: UInt32, _ b: UInt32) -> Bool {
            stride(from: 0, to: 32, by: 8).allSatisfy { shift in
                let x = a >> UInt32(shift) & 0xFF, y = b >> UInt32(shift) & 0xFF
                return max(x, y) - min(x, y) <= tolerance
            }
        }
        let differing = (0..<got.pixels.count).filter { !near(got.pixels[$0], expected.pixels[$0]) }
        #expect(differing.isEmpty, "\(k): \(differing.count) pixels differ, first at \(differing.first.map { ($0 % 13, $0 / 13) } as Any): \(differing.first.map { String(got.pixels[$0], radix: 16) + " vs " + String(expected.pixels[$0], radix: 16) } ?? "")")
        if k.transparency, k.colorType != 3 {
            #expect(got.pixels[0] == 0, "\(k): the colour key's pixel is not transparent")
        }
    }

    /// Huffman-coded data (fixed and dynamic codes, back references) as zlib
    /// writes it through libpng (`PNGFile.write`), RGB and RGBA, read back exactly.
    @Test func readsBackWhatPNGFileWrites() throws {
        for (w, h) in [(1, 1), (3, 2), (64, 48), (301, 177)] {
            let color = { (x: Int, y: Int) in ((x * 3 + y) % 256, (x ^ y) % 256, x * y % 7 * 30) }
            let path = try TestFiles.writePNG(width: w, height: h, color: color)
            defer { unlink(path) }
            let got = try PNGDecoder.decode(PNGSource.read(path).bytes)
            let expected = (0..<h).flatMap { y in
                (0..<w).map { x in
                    let (r, g, b) = color(x, y)
                    return 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                }
            }
            #expect(got == DecodedImage(width: w, height: h, pixels: expected), "\(w)×\(h)")
        }
        // Alpha: premultiplied in the buffer, straight in the file, premultiplied again on reading.
        let path = try TestFiles.writeARGB(width: 16, height: 3) { x, y in (255, 128, x * 16, y == 0 ? 255 : y == 1 ? 0 : 128) }
        defer { unlink(path) }
        let got = try PNGDecoder.decode(PNGSource.read(path).bytes)
        #expect(got.pixels[0] == 0xFFFF_8000)
        #expect(got.pixels[16] == 0, "a transparent pixel is all zeros")
        #expect(got.pixels[32 + 15] >> 24 == 128 && got.pixels[32 + 15] >> 16 & 0xFF == 128)
    }

    @Test func brokenFilesAreErrorsNamingWhatIsWrong() throws {
        let good = Self.writer(Kind(colorType: 6, bitDepth: 8, interlaced: true, transparency: false)).bytes
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try PNGDecoder.decode(bytes)
                return nil
            } catch {
                return error.reason
            }
        }
        // Every truncation fails (the last 12 bytes are IEND; without it the file is truncated too).
        for n in 0..<good.count {
            #expect(reason(Array(good[..<n])) != nil, "a file cut to \(n) bytes decoded")
        }
        // A damaged critical chunk (IDAT's data) is an error with libpng's
        // reason (zlib's check or the CRC, whichever libpng meets first). A
        // damaged ancillary chunk is dropped with a warning, as Cairo's is.
        var flipped = good
        let idat = try #require((8..<(good.count - 4)).first { Array(good[$0..<$0 + 4]) == Array("IDAT".utf8) })
        flipped[idat + 6] ^= 0x10
        let damaged = reason(flipped)
        #expect(damaged?.hasPrefix("not a valid PNG file (") == true && damaged != "not a valid PNG file ()", "\(damaged ?? "decoded")")
        // Deflate errors, with valid CRCs around them.
        var w = Self.writer(Kind(colorType: 0, bitDepth: 8, interlaced: false, transparency: false))
        w.width = 1
        w.height = 1
        let one = w.bytes
        #expect(reason(one) == nil)
        w.forcedFilter = 9
        #expect(reason(w.bytes)?.hasPrefix("not a valid PNG file (") == true, "\(reason(w.bytes) ?? "decoded")")
    }

    /// Random damage anywhere (CRCs fixed up, so it reaches the decoder's
    /// inner parts) must throw or decode, never crash or hang.
    @Test func randomDamageNeverCrashes() throws {
        let path = try TestFiles.writePNG(width: 40, height: 30) { x, y in ((x * 7) % 256, (y * 13) % 256, (x * y) % 256) }
        defer { unlink(path) }
        let good = try PNGSource.read(path).bytes
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return Int(seed >> 1)
        }
        var decoded = 0
        for _ in 0..<800 {
            var b = good
            for _ in 0..<(1 + next() % 4) {
                let i = 8 + next() % (b.count - 8)
                b[i] = UInt8(next() & 0xFF)
            }
            // Recompute every chunk's CRC.
            var at = 8
            while at + 12 <= b.count {
                let n = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
                guard n >= 0, n <= b.count - at - 12 else { break }
                let crc = Checksums.crc32(b[at + 4..<at + 8 + n])
                for k in 0..<4 { b[at + 8 + n + k] = UInt8(crc >> UInt32(24 - 8 * k) & 0xFF) }
                at += 12 + n
            }
            if (try? PNGDecoder.decode(b)) != nil { decoded += 1 }
        }
        // Most damage is caught (filters and checksums); some lands in pixels only.
        #expect(decoded < 800)
    }
}

/// The checksums the test's PNG writer needs (CRC-32 of chunks, Adler-32 of zlib data).
enum Checksums {
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes {
            a = (a + UInt32(x)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
