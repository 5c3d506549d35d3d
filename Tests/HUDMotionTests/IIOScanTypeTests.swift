@testable import HUDMotion
import Testing

@Suite struct IIOScanTypeTests {
    @Test func parsesLIS3DHStyle() throws {
        let t = try IIOScanType(parsing: "le:s12/16>>4")
        #expect(t == IIOScanType(isBigEndian: false, isSigned: true, realBits: 12, storageBits: 16, shift: 4))
        #expect(t.byteCount == 2)
        #expect(t.description == "le:s12/16>>4")
    }

    @Test func parsesOtherDriverTypes() throws {
        #expect(try IIOScanType(parsing: "be:s12/16>>4").isBigEndian)             // mma8452
        #expect(try IIOScanType(parsing: "le:s32/32>>0").storageBits == 32)      // hid-sensor-accel-3d
        #expect(try IIOScanType(parsing: "le:s64/64>>0").byteCount == 8)         // timestamp
        #expect(try IIOScanType(parsing: "le:u10/16").shift == 0)                // no shift part
        let r = try IIOScanType(parsing: "le:s16/16X4>>0")
        #expect(r.repeatCount == 4 && r.byteCount == 8)
    }

    @Test(arguments: ["", "le", "xx:s12/16>>4", "le:q12/16>>4", "le:s12/12>>0", "le:s14/16>>4",
                      "le:s12/16>>x", "le:s12/16>4", "le:s/16", "le:s0/16", "le:s12-16", "le:s12/16X0>>4"])
    func rejectsMalformed(_ text: String) {
        #expect(throws: MotionError.self) { try IIOScanType(parsing: text) }
    }

    @Test func errorNamesTheText() {
        do {
            _ = try IIOScanType(parsing: "le:s14/16>>4")
            Issue.record("parsed")
        } catch {
            #expect(error.description.contains("le:s14/16>>4"))
            #expect(error.description.contains("do not fit"))
        }
    }

    func unpack(_ type: String, _ bytes: [UInt8], at offset: Int = 0) throws -> Int64 {
        let t = try IIOScanType(parsing: type)
        return bytes.withUnsafeBytes { t.value(in: $0, at: offset) }
    }

    @Test func unpacksLeftJustifiedLittleEndian12Bit() throws {
        // lis3dh: 12 bits left-justified in a little-endian 16-bit word.
        #expect(try unpack("le:s12/16>>4", [0x00, 0x40]) == 1024)
        #expect(try unpack("le:s12/16>>4", [0xF0, 0xFF]) == -1)
        #expect(try unpack("le:s12/16>>4", [0x00, 0x80]) == -2048)
        #expect(try unpack("le:s12/16>>4", [0xF0, 0x7F]) == 2047)
        // The four bits below the value are noise and must be dropped.
        #expect(try unpack("le:s12/16>>4", [0x0F, 0x40]) == 1024)
    }

    @Test func unpacksBigEndian() throws {
        // mma8452: big-endian, 12 bits, shift 4.
        #expect(try unpack("be:s12/16>>4", [0x40, 0x00]) == 1024)
        #expect(try unpack("be:s12/16>>4", [0xFF, 0xF0]) == -1)
        #expect(try unpack("be:u16/16>>0", [0x12, 0x34]) == 0x1234)
    }

    @Test func unpacksUnsignedAndWide() throws {
        #expect(try unpack("le:u12/16>>4", [0xF0, 0xFF]) == 4095)
        #expect(try unpack("le:s32/32>>0", [0x18, 0xFC, 0xFF, 0xFF]) == -1000)
        #expect(try unpack("le:s16/32>>0", [0x18, 0xFC, 0xAA, 0xAA]) == -1000)   // upper bytes are not value bits
        #expect(try unpack("le:s64/64>>0", [1, 0, 0, 0, 0, 0, 0, 0x80]) == Int64.min + 1)
        #expect(try unpack("le:u8/8>>0", [0x00, 0xFE], at: 1) == 254)
        #expect(try unpack("le:s8/8>>0", [0xFE]) == -2)
    }
}
