/// A zlib stream (RFC 1950) holding DEFLATE data (RFC 1951), decompressed in
/// Swift: what a PNG's IDAT chunks carry. Written for hostile input: every
/// read is bounds-checked and every malformed stream throws, and the output
/// stops at a limit the caller sets (the image's size), so a small file can
/// never claim a large allocation.
struct Inflater {
    /// Why a stream could not be decompressed.
    struct Failure: Error, Equatable {
        let reason: String
    }

    private let input: [UInt8]
    private var position = 0
    private var bits: UInt64 = 0
    private var bitCount = 0
    /// Bits handed out past the input's end (read as zeros): any means truncated.
    private var overrun = 0
    private(set) var output: [UInt8] = []
    private let limit: Int
    private var pastLimit = false

    /// Decompresses `stream` and answers its first `limit` bytes (fewer when
    /// the stream holds fewer; bytes beyond the limit are not produced).
    static func decompress(_ stream: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var inflater = Inflater(input: stream, limit: limit)
        try inflater.run()
        return inflater.output
    }

    private init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
        output.reserveCapacity(limit)
    }

    private mutating func run() throws(Failure) {
        guard input.count >= 2 else { throw Failure(reason: "compressed data is truncated") }
        let cmf = Int(input[0]), flg = Int(input[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0 else {
            throw Failure(reason: "compressed data has a bad zlib header")
        }
        guard flg & 0x20 == 0 else { throw Failure(reason: "compressed data needs a preset dictionary") }
        position = 2
        var last = false
        while !last, !pastLimit {
            last = try take(1) == 1
            switch try take(2) {
            case 0: try storedBlock()
            case 1: try codedBlock(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try codedBlock(literals: literals, distances: distances)
            default: throw Failure(reason: "compressed data has a bad block type")
            }
            guard overrun == 0 else { throw Failure(reason: "compressed data is truncated") }
        }
        // The Adler-32 of the whole output follows the last block (byte-aligned).
        guard last, !pastLimit else { return }
        dropToByte()
        guard position + 4 <= input.count else { return }
        let stored = input[position..<position + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == Self.adler32(output) else { throw Failure(reason: "compressed data fails its checksum") }
    }

    // MARK: Bits

    private mutating func need(_ n: Int) {
        while bitCount < n {
            if position < input.count {
                bits |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
            } else {
                overrun += 8
            }
            bitCount += 8
        }
    }

    private mutating func take(_ n: Int) throws(Failure) -> Int {
        need(n)
        let value = Int(bits & ((1 << UInt64(n)) - 1))
        bits >>= UInt64(n)
        bitCount -= n
        if overrun > 0, bitCount < overrun { throw Failure(reason: "compressed data is truncated") }
        return value
    }

    /// Drops the bits left in the current byte; whole bytes still buffered go back to the input.
    private mutating func dropToByte() {
        let whole = (bitCount - overrun) / 8
        position -= max(whole, 0)
        bits = 0
        bitCount = 0
        overrun = 0
    }

    // MARK: Blocks

    private mutating func storedBlock() throws(Failure) {
        dropToByte()
        guard position + 4 <= input.count else { throw Failure(reason: "compressed data is truncated") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~check & 0xFFFF else { throw Failure(reason: "compressed data has a bad stored block") }
        position += 4
        guard position + length <= input.count else { throw Failure(reason: "compressed data is truncated") }
        let n = min(length, limit - output.count)
        if n < length { pastLimit = true }
        output.append(contentsOf: input[position..<position + n])
        position += length
    }

    private static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                            35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                             3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                              513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                               8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private mutating func codedBlock(literals: HuffmanTable, distances: HuffmanTable) throws(Failure) {
        while true {
            let symbol = try decode(literals)
            if symbol == 256 { return }
            // More data than the limit: the rest is neither decoded nor checked.
            guard output.count < limit else {
                pastLimit = true
                return
            }
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            let l = symbol - 257
            guard l < Self.lengthBase.count else { throw Failure(reason: "compressed data has a bad length code") }
            let length = Self.lengthBase[l] + (try take(Self.lengthExtra[l]))
            let d = try decode(distances)
            guard d < Self.distanceBase.count else { throw Failure(reason: "compressed data has a bad distance code") }
            let distance = Self.distanceBase[d] + (try take(Self.distanceExtra[d]))
            guard distance <= output.count else { throw Failure(reason: "compressed data refers back before its start") }
            let start = output.count - distance
            for i in 0..<min(length, limit - output.count) {
                output.append(output[start + i])
            }
        }
    }

    private mutating func decode(_ table: HuffmanTable) throws(Failure) -> Int {
        need(table.maximumLength)
        let entry = table.entries[Int(bits & UInt64(table.entries.count - 1))]
        let length = Int(entry & 0xF)
        guard length > 0 else { throw Failure(reason: "compressed data has an unknown code") }
        bits >>= UInt64(length)
        bitCount -= length
        if overrun > 0, bitCount < overrun { throw Failure(reason: "compressed data is truncated") }
        return Int(entry >> 4)
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private mutating func dynamicTables() throws(Failure) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try take(5) + 257, distanceCount = try take(5) + 1, codeLengthCount = try take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(reason: "compressed data has too many codes") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengthCount { codeLengths[Self.codeLengthOrder[i]] = try take(3) }
        let lengthCodes = try HuffmanTable(lengths: codeLengths)
        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCodes)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(reason: "compressed data repeats a length before the first") }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + (try take(2))))
            case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try take(3))))
            default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try take(7))))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(reason: "compressed data has too many code lengths") }
        guard lengths[256] > 0 else { throw Failure(reason: "compressed data has no end-of-block code") }
        return (try HuffmanTable(lengths: Array(lengths[0..<literalCount])),
                try HuffmanTable(lengths: Array(lengths[literalCount...])))
    }

    private static let fixedLiterals: HuffmanTable = {
        let lengths = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
        // Well formed by construction: the fixed code of RFC 1951 §3.2.6.
        return (try? HuffmanTable(lengths: lengths)) ?? HuffmanTable.empty
    }()

    private static let fixedDistances: HuffmanTable = {
        (try? HuffmanTable(lengths: [Int](repeating: 5, count: 30))) ?? HuffmanTable.empty
    }()

    /// RFC 1950's checksum.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var i = 0
        while i < bytes.count {
            // 5552 bytes keep the sums below 2^32 before the modulo.
            let end = min(i + 5552, bytes.count)
            while i < end {
                a &+= UInt32(bytes[i])
                b &+= a
                i += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    /// A canonical Huffman code as one lookup table indexed by the next
    /// `maximumLength` input bits (least significant first): each entry is
    /// `symbol << 4 | codeLength`, 0 where no code matches.
    struct HuffmanTable {
        let entries: [UInt16]
        let maximumLength: Int

        static let empty = HuffmanTable(entries: [0], maximumLength: 0)

        private init(entries: [UInt16], maximumLength: Int) {
            self.entries = entries
            self.maximumLength = maximumLength
        }

        /// Builds the code from each symbol's code length (0: unused).
        /// - Throws: when the lengths over-subscribe the code space.
        init(lengths: [Int]) throws(Failure) {
            var counts = [Int](repeating: 0, count: 16)
            for l in lengths {
                guard (0...15).contains(l) else { throw Failure(reason: "compressed data has a bad code length") }
                counts[l] += 1
            }
            counts[0] = 0
            var left = 1
            for l in 1...15 {
                left = left << 1 - counts[l]
                guard left >= 0 else { throw Failure(reason: "compressed data has an over-subscribed code") }
            }
            let maximum = max(1, (1...15).last { counts[$0] > 0 } ?? 1)
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for l in 1...15 {
                code = (code + counts[l - 1]) << 1
                next[l] = code
            }
            var table = [UInt16](repeating: 0, count: 1 << maximum)
            for (symbol, l) in lengths.enumerated() where l > 0 {
                let c = next[l]
                next[l] += 1
                // Codes are sent most significant bit first; the table is indexed least significant first.
                var reversed = 0
                for k in 0..<l { reversed |= (c >> k & 1) << (l - 1 - k) }
                let entry = UInt16(symbol << 4 | l)
                var index = reversed
                while index < table.count {
                    table[index] = entry
                    index += 1 << l
                }
            }
            entries = table
            maximumLength = maximum
        }
    }
}
