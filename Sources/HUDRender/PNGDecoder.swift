/// Decodes a PNG read by `PNGSource` into premultiplied ARGB, in Swift:
/// every colour type and bit depth, palettes and `tRNS` transparency,
/// Adam7 interlacing, chunk CRCs and the zlib checksum checked. The pixels
/// are those Cairo's `cairo_image_surface_create_from_png` makes (16-bit
/// samples cut to their high byte, no gamma, Cairo's premultiplication), so
/// a logo drawn before Cairo is loaded matches the one drawn with it.
/// Malformed files throw `RenderError.imageUnreadable` saying what is wrong.
public enum PNGDecoder {
    public static func decode(_ source: PNGSource, path: String) throws(RenderError) -> DecodedImage {
        do {
            return try decode(source.bytes)
        } catch {
            throw .imageUnreadable(path: path, reason: error.reason)
        }
    }

    struct Failure: Error {
        let reason: String
    }

    /// IHDR's fields that decoding needs.
    private struct Header {
        var width = 0, height = 0, bitDepth = 0, colorType = 0, interlaced = false
        var channels: Int {
            switch colorType {
            case 2: return 3
            case 4: return 2
            case 6: return 4
            default: return 1
            }
        }
        var bitsPerPixel: Int { channels * bitDepth }
        func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
    }

    static func decode(_ bytes: [UInt8]) throws(Failure) -> DecodedImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGSource.signature else { throw Failure(reason: "not a PNG file") }
        var header: Header?
        var palette: [UInt32] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var at = 8
        var ended = false
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while !ended {
            guard at + 12 <= bytes.count else { throw Failure(reason: "not a valid PNG file (truncated)") }
            let length = u32(at)
            guard length <= bytes.count - at - 12 else { throw Failure(reason: "not a valid PNG file (truncated)") }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let data = bytes[at + 8..<at + 8 + length]
            guard UInt32(u32(at + 8 + length)) == crc32(bytes[at + 4..<at + 8 + length]) else {
                throw Failure(reason: "not a valid PNG file (the \(type) chunk fails its CRC)")
            }
            at += 12 + length
            if header == nil, type != "IHDR" { throw Failure(reason: "not a valid PNG file (IHDR is not first)") }
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { throw Failure(reason: "not a valid PNG file (bad IHDR)") }
                header = try readHeader(Array(data))
            case "PLTE":
                guard length % 3 == 0, length / 3 >= 1, length / 3 <= 256 else {
                    throw Failure(reason: "not a valid PNG file (bad palette)")
                }
                let d = Array(data)
                palette = stride(from: 0, to: d.count, by: 3).map {
                    0xFF00_0000 | UInt32(d[$0]) << 16 | UInt32(d[$0 + 1]) << 8 | UInt32(d[$0 + 2])
                }
            case "tRNS": transparency = Array(data)
            case "IDAT": compressed.append(contentsOf: data)
            case "IEND": ended = true
            default:
                // Ancillary chunks (lower-case first letter) may be skipped; critical ones may not.
                if let first = type.utf8.first, first & 0x20 == 0 {
                    throw Failure(reason: "not a PNG file this decoder can read (critical chunk \(type))")
                }
            }
        }
        guard let header else { throw Failure(reason: "not a valid PNG file (no IHDR)") }
        guard !compressed.isEmpty else { throw Failure(reason: "not a valid PNG file (no image data)") }
        if header.colorType == 3, palette.isEmpty { throw Failure(reason: "not a valid PNG file (palette image without PLTE)") }
        let passes = header.interlaced ? adam7 : [(0, 0, 1, 1)]
        var expected = 0
        for (x0, y0, dx, dy) in passes {
            let w = (header.width - x0 + dx - 1) / dx, h = (header.height - y0 + dy - 1) / dy
            if w > 0, h > 0 { expected += h * (1 + header.rowBytes(w)) }
        }
        let raw: [UInt8]
        do {
            raw = try Inflater.decompress(compressed, limit: expected)
        } catch {
            throw Failure(reason: "not a valid PNG file (\(error.reason))")
        }
        guard raw.count == expected else { throw Failure(reason: "not a valid PNG file (image data is truncated)") }
        let colours = Colours(header: header, palette: palette, transparency: transparency)
        var pixels = [UInt32](repeating: 0, count: header.width * header.height)
        var offset = 0
        for (x0, y0, dx, dy) in passes {
            let w = (header.width - x0 + dx - 1) / dx, h = (header.height - y0 + dy - 1) / dy
            guard w > 0, h > 0 else { continue }
            let rowBytes = header.rowBytes(w)
            let unit = max(1, header.bitsPerPixel / 8)
            var previous = [UInt8](repeating: 0, count: rowBytes)
            var row = [UInt8](repeating: 0, count: rowBytes)
            for y in 0..<h {
                let filter = raw[offset]
                for i in 0..<rowBytes { row[i] = raw[offset + 1 + i] }
                offset += 1 + rowBytes
                try unfilter(&row, previous: previous, filter: filter, unit: unit)
                let base = (y0 + y * dy) * header.width
                for x in 0..<w { pixels[base + x0 + x * dx] = colours.pixel(row, x) }
                swap(&row, &previous)
            }
        }
        return DecodedImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Adam7's passes: first column and row, then column and row steps.
    private static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    private static func readHeader(_ d: [UInt8]) throws(Failure) -> Header {
        func u32(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        var h = Header()
        h.width = u32(0)
        h.height = u32(4)
        h.bitDepth = Int(d[8])
        h.colorType = Int(d[9])
        guard h.width > 0, h.height > 0, h.width * h.height <= PNGSource.maximumPixels else {
            throw Failure(reason: "\(h.width)×\(h.height) pixels; images over \(PNGSource.maximumPixels) pixels (2048×2048) are refused")
        }
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[h.colorType] else { throw Failure(reason: "not a valid PNG file (colour type \(h.colorType))") }
        guard allowed.contains(h.bitDepth) else {
            throw Failure(reason: "not a valid PNG file (bit depth \(h.bitDepth) with colour type \(h.colorType))")
        }
        guard d[10] == 0, d[11] == 0 else { throw Failure(reason: "not a valid PNG file (unknown compression or filter method)") }
        guard d[12] <= 1 else { throw Failure(reason: "not a valid PNG file (unknown interlace method \(d[12]))") }
        h.interlaced = d[12] == 1
        return h
    }

    private static func unfilter(_ row: inout [UInt8], previous: [UInt8], filter: UInt8, unit: Int) throws(Failure) {
        switch filter {
        case 0: break
        case 1:
            for i in unit..<max(unit, row.count) { row[i] &+= row[i - unit] }
        case 2:
            for i in 0..<row.count { row[i] &+= previous[i] }
        case 3:
            for i in 0..<row.count {
                let left = i >= unit ? Int(row[i - unit]) : 0
                row[i] &+= UInt8((left + Int(previous[i])) / 2)
            }
        case 4:
            for i in 0..<row.count {
                let a = i >= unit ? Int(row[i - unit]) : 0, b = Int(previous[i]), c = i >= unit ? Int(previous[i - unit]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                row[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default: throw Failure(reason: "not a valid PNG file (filter type \(filter))")
        }
    }

    /// One row's samples to premultiplied ARGB words.
    private struct Colours {
        let header: Header
        let palette: [UInt32]
        let channels: Int
        /// Palette alphas, or the colour key (samples at full depth; grey in
        /// all three) of a grey or RGB image.
        let paletteAlpha: [UInt8]
        let key: (Int, Int, Int)?

        init(header: Header, palette: [UInt32], transparency: [UInt8]?) {
            self.header = header
            self.palette = palette
            channels = header.channels
            var alphas: [UInt8] = []
            var key: (Int, Int, Int)?
            if let t = transparency {
                func u16(_ i: Int) -> Int { Int(t[i]) << 8 | Int(t[i + 1]) }
                switch header.colorType {
                case 3: alphas = Array(t.prefix(palette.count))
                case 0 where t.count >= 2: key = (u16(0), u16(0), u16(0))
                case 2 where t.count >= 6: key = (u16(0), u16(2), u16(4))
                default: break
                }
            }
            paletteAlpha = alphas
            self.key = key
        }

        private func isKey(_ r: Int, _ g: Int, _ b: Int) -> Bool {
            guard let key else { return false }
            return key.0 == r && key.1 == g && key.2 == b
        }

        /// Sample `index` of the row at the image's bit depth.
        private func sample(_ row: [UInt8], _ index: Int) -> Int {
            switch header.bitDepth {
            case 16: return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
            case 8: return Int(row[index])
            default:
                let d = header.bitDepth, bit = index * d
                return Int(row[bit / 8]) >> (8 - d - bit % 8) & (1 << d - 1)
            }
        }

        /// A sample scaled to 8 bits as libpng does: the high byte of 16, bits repeated below 8.
        private func eight(_ v: Int) -> UInt32 {
            switch header.bitDepth {
            case 16: return UInt32(v >> 8)
            case 8: return UInt32(v)
            default: return UInt32(v * 255 / (1 << header.bitDepth - 1))
            }
        }

        func pixel(_ row: [UInt8], _ x: Int) -> UInt32 {
            let n = channels
            if header.bitDepth == 8, header.colorType == 6 {
                // The usual logo: 8-bit RGBA, read directly.
                let i = 4 * x
                return premultiplied(0xFF00_0000 | UInt32(row[i]) << 16 | UInt32(row[i + 1]) << 8 | UInt32(row[i + 2]),
                                     alpha: UInt32(row[i + 3]))
            }
            switch header.colorType {
            case 3:
                let i = sample(row, x)
                // An index past the palette is black, as libpng makes it.
                let rgb = i < palette.count ? palette[i] : 0xFF00_0000
                return premultiplied(rgb, alpha: i < paletteAlpha.count ? UInt32(paletteAlpha[i]) : 255)
            case 0:
                let g = sample(row, x), e = eight(g)
                return premultiplied(0xFF00_0000 | e << 16 | e << 8 | e, alpha: isKey(g, g, g) ? 0 : 255)
            case 4:
                let e = eight(sample(row, 2 * x))
                return premultiplied(0xFF00_0000 | e << 16 | e << 8 | e, alpha: eight(sample(row, 2 * x + 1)))
            default:
                let r = sample(row, n * x), g = sample(row, n * x + 1), b = sample(row, n * x + 2)
                let alpha = n == 4 ? eight(sample(row, n * x + 3)) : isKey(r, g, b) ? 0 : 255
                return premultiplied(0xFF00_0000 | eight(r) << 16 | eight(g) << 8 | eight(b), alpha: alpha)
            }
        }

        /// Cairo's premultiplication (its PNG reader's `multiply_alpha`).
        private func premultiplied(_ rgb: UInt32, alpha: UInt32) -> UInt32 {
            if alpha == 255 { return 0xFF00_0000 | rgb }
            if alpha == 0 { return 0 }
            func m(_ c: UInt32) -> UInt32 {
                let t = alpha * c + 0x80
                return (t + (t >> 8)) >> 8
            }
            return alpha << 24 | m(rgb >> 16 & 0xFF) << 16 | m(rgb >> 8 & 0xFF) << 8 | m(rgb & 0xFF)
        }
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
