@testable import HUDMotion
import Testing

@Suite struct IIOScanLayoutTests {
    let s12 = IIOScanType(isBigEndian: false, isSigned: true, realBits: 12, storageBits: 16, shift: 4)
    let ts = IIOScanType(isBigEndian: false, isSigned: true, realBits: 64, storageBits: 64, shift: 0)

    @Test func accelWithTimestampPadsToEight() {
        let layout = IIOScanLayout(channels: [("timestamp", 3, ts), ("z", 2, s12), ("x", 0, s12), ("y", 1, s12)])
        #expect(layout.elements.map(\.name) == ["x", "y", "z", "timestamp"])
        #expect(layout.elements.map(\.offset) == [0, 2, 4, 8])
        #expect(layout.scanSize == 16)
    }

    @Test func accelOnlyIsSixBytes() {
        let layout = IIOScanLayout(channels: [("x", 0, s12), ("y", 1, s12), ("z", 2, s12)])
        #expect(layout.scanSize == 6)
        #expect(layout.element(named: "z")?.offset == 4)
    }

    @Test func mixedSizesAlignEachElement() {
        let u8 = IIOScanType(isBigEndian: false, isSigned: false, realBits: 8, storageBits: 8, shift: 0)
        let s32 = IIOScanType(isBigEndian: false, isSigned: true, realBits: 32, storageBits: 32, shift: 0)
        let layout = IIOScanLayout(channels: [("a", 0, u8), ("x", 1, s32), ("b", 2, u8)])
        #expect(layout.elements.map(\.offset) == [0, 4, 8])
        #expect(layout.scanSize == 12)
    }

    @Test func newestScanIsTheLastCompleteOne() {
        let layout = IIOScanLayout(channels: [("x", 0, s12), ("y", 1, s12), ("z", 2, s12), ("timestamp", 3, ts)])
        let axes = ["x", "y", "z"].compactMap { layout.element(named: $0) }
        // Scan 1: 16, -16, 1024; scan 2: -1, 2047, -2048; then half a scan.
        let scan1: [UInt8] = [0x00, 0x01, 0x00, 0xFF, 0x00, 0x40, 0, 0] + [UInt8](repeating: 7, count: 8)
        let scan2: [UInt8] = [0xF0, 0xFF, 0xF0, 0x7F, 0x00, 0x80, 0, 0] + [UInt8](repeating: 9, count: 8)
        var bytes = scan1 + scan2 + [0x00, 0x10, 0x00]
        bytes += [UInt8](repeating: 0, count: 64 - bytes.count)
        let one = BufferedAccelerometer.newestScan(in: bytes, count: 16, scanSize: layout.scanSize, axes: axes)
        #expect(one.map { [$0.x, $0.y, $0.z] } == [16, -16, 1024])
        let two = BufferedAccelerometer.newestScan(in: bytes, count: 35, scanSize: layout.scanSize, axes: axes)
        #expect(two.map { [$0.x, $0.y, $0.z] } == [-1, 2047, -2048])
        #expect(BufferedAccelerometer.newestScan(in: bytes, count: 15, scanSize: layout.scanSize, axes: axes) == nil)
    }
}
