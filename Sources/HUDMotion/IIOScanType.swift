/// A buffered channel's sample format from `scan_elements/<channel>_type`:
/// `[be|le]:[s|u]<bits>/<storagebits>[X<repeat>][>><shift>]`, e.g. "le:s12/16>>4"
/// (Documentation/ABI/testing/sysfs-bus-iio).
public struct IIOScanType: Hashable, Sendable, CustomStringConvertible {
    public var isBigEndian: Bool
    public var isSigned: Bool
    /// Bits that carry the value.
    public var realBits: Int
    /// Bits the value occupies in the buffer (8, 16, 32 or 64).
    public var storageBits: Int
    /// Number of repeated values (1 unless the string has `X<n>`).
    public var repeatCount: Int
    /// Right shift to apply to the stored word before masking.
    public var shift: Int

    public init(isBigEndian: Bool, isSigned: Bool, realBits: Int, storageBits: Int, repeatCount: Int = 1, shift: Int) {
        self.isBigEndian = isBigEndian
        self.isSigned = isSigned
        self.realBits = realBits
        self.storageBits = storageBits
        self.repeatCount = repeatCount
        self.shift = shift
    }

    public init(parsing text: String) throws(MotionError) {
        func fail(_ reason: String) -> MotionError { .badScanType(text: text, reason: reason) }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw fail("expected <endianness>:<format>") }
        switch parts[0] {
        case "le": isBigEndian = false
        case "be": isBigEndian = true
        default: throw fail("endianness \"\(parts[0])\" is neither le nor be")
        }
        var rest = Substring(parts[1])
        switch rest.first {
        case "s": isSigned = true
        case "u": isSigned = false
        default: throw fail("sign must be s or u")
        }
        rest = rest.dropFirst()
        var shiftValue = 0
        if let gt = rest.firstIndex(of: ">") {
            let after = rest[gt...]
            guard after.hasPrefix(">>"), let s = Int(after.dropFirst(2)), s >= 0 else { throw fail("shift is not >> and a number") }
            shiftValue = s
            rest = rest[..<gt]
        }
        var repeatValue = 1
        if let x = rest.firstIndex(where: { $0 == "X" || $0 == "x" }) {
            guard let n = Int(rest[rest.index(after: x)...]), n >= 1 else { throw fail("repeat count is not a positive number") }
            repeatValue = n
            rest = rest[..<x]
        }
        let bits = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard bits.count == 2, let real = Int(bits[0]), let storage = Int(bits[1]) else {
            throw fail("expected <bits>/<storagebits>")
        }
        guard [8, 16, 32, 64].contains(storage) else { throw fail("storage bits \(storage) is not 8, 16, 32 or 64") }
        guard real >= 1, real + shiftValue <= storage else {
            throw fail("\(real) bits shifted by \(shiftValue) do not fit in \(storage) storage bits")
        }
        realBits = real
        storageBits = storage
        repeatCount = repeatValue
        shift = shiftValue
    }

    /// Bytes one sample (all repeats) takes in a scan; also its alignment.
    public var byteCount: Int { storageBits / 8 * repeatCount }

    /// The (first) value stored at `offset` in `scan`: byte order, shift,
    /// mask to `realBits`, sign extension. The caller checks the bounds.
    public func value(in scan: UnsafeRawBufferPointer, at offset: Int) -> Int64 {
        let n = storageBits / 8
        var word: UInt64 = 0
        for i in 0..<n {
            let byte = UInt64(scan[offset + (isBigEndian ? i : n - 1 - i)])
            word = word << 8 | byte
        }
        word >>= UInt64(shift)
        if realBits < 64 {
            let mask: UInt64 = (1 << UInt64(realBits)) - 1
            word &= mask
            if isSigned, word & (1 << UInt64(realBits - 1)) != 0 { word |= ~mask }
        }
        return Int64(bitPattern: word)
    }

    public var description: String {
        "\(isBigEndian ? "be" : "le"):\(isSigned ? "s" : "u")\(realBits)/\(storageBits)"
            + (repeatCount > 1 ? "X\(repeatCount)" : "") + ">>\(shift)"
    }
}
