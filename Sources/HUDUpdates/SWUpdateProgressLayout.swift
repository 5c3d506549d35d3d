/// Where the fields of SWUpdate's `struct progress_msg` lie. The layout is
/// the same in 2022.12 (Debian 12) and 2023.12–2025.05 (Debian 13: 2024.12),
/// a C struct with natural alignment and the machine's byte order: `magic` or
/// `apiversion`, `status`, `dwl_percent` (u32 each), `dwl_bytes` (u64,
/// aligned), `nsteps`, `cur_step`, `cur_percent` (u32), `cur_image[256]`,
/// `hnd_name[64]`, `source`, `infolen` (u32), `info[2048]`.
public enum SWUpdateProgressLayout {
    public static let imageSize = 256
    public static let handlerSize = 64
    public static let infoSize = 2048
    /// API 2.0.0, `(2 << 16) | (0 << 8) | 0`.
    public static let version2: UInt32 = 0x0002_0000
    /// The size of the acknowledgement API 2 sends on connect: `apiversion` and `"ACK\0"`.
    public static let acknowledgementSize = 8

    static let downloadBytesOffset = align(12, to: MemoryLayout<UInt64>.alignment)
    static let stepsOffset = downloadBytesOffset + 8
    static let imageOffset = stepsOffset + 12
    static let handlerOffset = imageOffset + imageSize
    static let sourceOffset = handlerOffset + handlerSize
    static let infoOffset = sourceOffset + 8
    /// The size of one message: 2416 bytes where a u64 is 8-byte aligned.
    public static let messageSize = align(infoOffset + infoSize, to: MemoryLayout<UInt64>.alignment)

    /// Whether `version` is one this decoder reads: 0 (unversioned) or major 2.
    public static func isReadable(_ version: UInt32) -> Bool {
        version == 0 || version >> 16 == 2
    }

    /// `major.minor.patch (0x…)`.
    public static func versionText(_ v: UInt32) -> String {
        "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF) (0x\(String(v, radix: 16)))"
    }

    private static func align(_ n: Int, to a: Int) -> Int { (n + a - 1) / a * a }
}
