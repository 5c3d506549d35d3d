import HUDUpdates
import Testing

/// SWUpdate's `struct progress_msg` from fake bytes laid out as the C struct
/// is (natural alignment, little-endian host): Debian 12's unversioned
/// messages, API 2's acknowledgement and messages, split anywhere, and the
/// versions and layouts refused.
@Suite struct SWUpdateProgressDecoderTests {
    static func message(version: UInt32 = 0, status: UInt32, download: UInt32 = 0, bytes: UInt64 = 0, steps: UInt32 = 1,
                        step: UInt32 = 1, percent: UInt32 = 0, image: String = "", handler: String = "", info: String = "") -> [UInt8] {
        var b = [UInt8](repeating: 0, count: SWUpdateProgressLayout.messageSize)
        func put(_ v: UInt32, _ at: Int) { for i in 0..<4 { b[at + i] = UInt8((v >> (8 * UInt32(i))) & 0xFF) } }
        func text(_ s: String, _ at: Int) { for (i, c) in s.utf8.enumerated() { b[at + i] = c } }
        put(version, 0); put(status, 4); put(download, 8)
        for i in 0..<8 { b[16 + i] = UInt8((bytes >> (8 * UInt64(i))) & 0xFF) }
        put(steps, 24); put(step, 28); put(percent, 32)
        text(image, 36); text(handler, 292)
        put(4, 356); put(UInt32(info.utf8.count), 360); text(info, 364)
        return b
    }

    static let acknowledgement: [UInt8] = [0x00, 0x00, 0x02, 0x00, 0x41, 0x43, 0x4B, 0x00]

    @Test func layoutIsTheCStructs() {
        #expect(SWUpdateProgressLayout.messageSize == 2416)
    }

    @Test func debian12MessageDecodes() throws {
        var d = SWUpdateProgressDecoder()
        let m = try d.feed(Self.message(status: 8, bytes: 1 << 33, steps: 2, step: 1, percent: 42, image: "rootfs.img", handler: "raw", info: "hi"))
        #expect(m == [SWUpdateProgressMessage(apiVersion: 0, status: .progress, downloadBytes: 1 << 33, steps: 2, step: 1, stepPercent: 42,
                                              image: "rootfs.img", handler: "raw", source: 4, info: "hi")])
        #expect(d.acknowledgedVersion == nil)
    }

    @Test func api2AcknowledgementThenMessagesSplitAnywhere() throws {
        let stream = Self.acknowledgement + Self.message(version: 0x20000, status: 2, image: "a")
            + Self.message(version: 0x20000, status: 3)
        for cut in [1, 7, 8, 9, 2000, 2424, 2425, stream.count - 1] {
            var d = SWUpdateProgressDecoder()
            let got = try d.feed(stream[..<cut]) + d.feed(stream[cut...])
            #expect(got.map(\.status) == [.run, .success], "cut at \(cut)")
            #expect(got.first?.image == "a")
            #expect(d.acknowledgedVersion == 0x20000)
        }
    }

    @Test func unknownVersionsAreRefusedByName() {
        var d = SWUpdateProgressDecoder()
        #expect(throws: SWUpdateProgressError.unknownVersion(0x30000)) {
            try d.feed([0x00, 0x00, 0x03, 0x00, 0x41, 0x43, 0x4B, 0x00])
        }
        #expect(SWUpdateProgressError.unknownVersion(0x30100).description.contains("3.1.0"))
        var e = SWUpdateProgressDecoder()
        #expect(throws: SWUpdateProgressError.unknownVersion(7)) { try e.feed(Self.message(version: 7, status: 2)) }
    }

    @Test func aStreamOutOfStepIsRefused() {
        var d = SWUpdateProgressDecoder()
        #expect(throws: SWUpdateProgressError.unknownStatus(99)) { try d.feed(Self.message(status: 99)) }
        var e = SWUpdateProgressDecoder()
        var bad = Self.message(status: 4)
        bad[361] = 0x10  // infolen 4096
        #expect(throws: SWUpdateProgressError.badInfoLength(4096)) { try e.feed(bad) }
    }
}

/// SWUpdate 2025.12 packs `struct progress_msg` (2408 bytes, `dwl_bytes` at
/// offset 12) and still says 2.0.0: read as the natural layout, its stream is
/// refused by the second message at the latest, never shown wrong for long.
@Suite struct SWUpdatePackedLayoutTests {
    static func packed(status: UInt32, percent: UInt32, image: String) -> [UInt8] {
        var b = [UInt8](repeating: 0, count: 2408)
        func put(_ v: UInt32, _ at: Int) { for i in 0..<4 { b[at + i] = UInt8((v >> (8 * UInt32(i))) & 0xFF) } }
        put(0x20000, 0); put(status, 4); put(1, 20); put(1, 24); put(percent, 28)
        for (i, c) in image.utf8.enumerated() { b[32 + i] = c }
        return b
    }

    @Test func packedMessagesAreRefused() {
        var d = SWUpdateProgressDecoder()
        let stream = SWUpdateProgressDecoderTests.acknowledgement + Self.packed(status: 2, percent: 0, image: "")
            + Self.packed(status: 8, percent: 10, image: "") + Self.packed(status: 8, percent: 20, image: "")
        #expect(throws: SWUpdateProgressError.self) { try d.feed(stream) }
        var e = SWUpdateProgressDecoder()
        #expect(throws: SWUpdateProgressError.outOfStep("a step percentage of 1953460082")) {  // "root"
            try e.feed(SWUpdateProgressDecoderTests.acknowledgement + Self.packed(status: 2, percent: 0, image: "rootfs.img")
                + Self.packed(status: 8, percent: 1, image: "rootfs.img"))
        }
    }
}
