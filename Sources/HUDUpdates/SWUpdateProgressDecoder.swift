/// Cuts the byte stream of SWUpdate's progress socket into messages: the
/// acknowledgement API 2 sends first (checked for its version), then
/// fixed-size `struct progress_msg`s, however the reads split them.
public struct SWUpdateProgressDecoder: Sendable {
    private var pending: [UInt8] = []
    private var sawFirstBytes = false
    /// The version the acknowledgement announced, when one came.
    public private(set) var acknowledgedVersion: UInt32?

    public init() {}

    /// Adds bytes read from the socket and returns the messages they complete.
    /// - Throws: `SWUpdateProgressError` on a version or layout this decoder
    ///   does not read; the connection should then be dropped.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(SWUpdateProgressError) -> [SWUpdateProgressMessage] {
        pending.append(contentsOf: bytes)
        if !sawFirstBytes {
            guard pending.count >= SWUpdateProgressLayout.acknowledgementSize else { return [] }
            sawFirstBytes = true
            // API 2 acknowledges a connection with `apiversion` and "ACK\0"; a
            // 2022.12 message starts with magic 0 and a status below 9 instead.
            if Array(pending[4..<8]) == [0x41, 0x43, 0x4B, 0x00] {
                let version = Self.u32(pending, 0)
                guard version >> 16 == 2 else { throw .unknownVersion(version) }
                acknowledgedVersion = version
                pending.removeFirst(SWUpdateProgressLayout.acknowledgementSize)
            }
        }
        var messages: [SWUpdateProgressMessage] = []
        let size = SWUpdateProgressLayout.messageSize
        var start = 0
        while pending.count - start >= size {
            let m = try Self.decode(pending[start..<start + size])
            if let acknowledgedVersion, m.apiVersion != acknowledgedVersion {
                throw .outOfStep("a message of version \(SWUpdateProgressLayout.versionText(m.apiVersion))"
                    + " after the acknowledgement of \(SWUpdateProgressLayout.versionText(acknowledgedVersion))")
            }
            messages.append(m)
            start += size
        }
        pending.removeFirst(start)
        return messages
    }

    /// Decodes one message of `SWUpdateProgressLayout.messageSize` bytes.
    public static func decode(_ slice: ArraySlice<UInt8>) throws(SWUpdateProgressError) -> SWUpdateProgressMessage {
        let bytes = Array(slice)
        typealias L = SWUpdateProgressLayout
        let version = u32(bytes, 0)
        guard L.isReadable(version) else { throw .unknownVersion(version) }
        let statusNumber = u32(bytes, 4)
        guard let status = SWUpdateStatus(rawValue: statusNumber) else { throw .unknownStatus(statusNumber) }
        for (name, offset) in [("download percentage", 8), ("step percentage", L.stepsOffset + 8)] where u32(bytes, offset) > 100 {
            throw .outOfStep("a \(name) of \(u32(bytes, offset))")
        }
        let infoLength = u32(bytes, L.sourceOffset + 4)
        guard infoLength <= UInt32(L.infoSize) else { throw .badInfoLength(infoLength) }
        var downloadBytes: UInt64 = 0
        for i in 0..<8 { downloadBytes |= UInt64(bytes[L.downloadBytesOffset + i]) << (8 * i) }
        if isBigEndian { downloadBytes = downloadBytes.byteSwapped }
        return SWUpdateProgressMessage(
            apiVersion: version, status: status,
            downloadPercent: Int(u32(bytes, 8)), downloadBytes: downloadBytes,
            steps: Int(u32(bytes, L.stepsOffset)), step: Int(u32(bytes, L.stepsOffset + 4)),
            stepPercent: Int(u32(bytes, L.stepsOffset + 8)),
            image: cString(bytes[L.imageOffset..<L.imageOffset + L.imageSize]),
            handler: cString(bytes[L.handlerOffset..<L.handlerOffset + L.handlerSize]),
            source: u32(bytes, L.sourceOffset),
            info: cString(bytes[L.infoOffset..<L.infoOffset + Int(infoLength)]))
    }

    private static let isBigEndian = UInt32(1).bigEndian == 1

    /// The machine's byte order, as SWUpdate writes its struct.
    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        let little = UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
        return isBigEndian ? little.byteSwapped : little
    }

    /// Text up to the first NUL, invalid UTF-8 repaired.
    static func cString(_ b: ArraySlice<UInt8>) -> String {
        String(decoding: b.prefix { $0 != 0 }, as: UTF8.self)
    }
}
