import Testing
import HUDCore
@testable import HUDKMS

/// Two in-memory XRGB8888 buffers standing in for scan-out buffers.
private final class Buffers {
    let width = 320, height = 200
    var pitch: Int { width * 4 }
    let memory: [UnsafeMutableRawPointer]
    init() {
        memory = (0..<2).map { _ in
            let p = UnsafeMutableRawPointer.allocate(byteCount: 320 * 4 * 200, alignment: 64)
            p.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 320 * 4 * 200)
            return p
        }
    }
    deinit { memory.forEach { $0.deallocate() } }
    var targets: [PixelTarget] { memory.map { PixelTarget(pixels: $0, width: width, height: height, pitch: pitch) } }
    func bytes(_ i: Int) -> [UInt8] { Array(UnsafeRawBufferPointer(start: memory[i], count: pitch * height)) }
    func pixel(_ i: Int, _ x: Int, _ y: Int) -> UInt32 { memory[i].load(fromByteOffset: y * pitch + x * 4, as: UInt32.self) }
}

private func snapshot(phase: Double, progress: Double = 0, mode: HUDMode = .indeterminate, visible: Bool = true) -> HUDSnapshot {
    var c = HUDConfiguration()
    c.mode = mode
    c.progress = progress
    var p = HUDPresentation.shown(progress: progress, spinnerPhase: phase)
    if !visible { p.bezelAlpha = 0; p.backgroundAlpha = 0 }
    return HUDSnapshot(time: .zero, layers: [HUDLayer(id: 1, configuration: c, presentation: p)], nextChange: nil)
}

@Test func firstPaintOfEachBufferCoversItAllAndDrawsTheBezel() throws {
    let b = Buffers()
    let painter = CairoHUDPainter(targets: b.targets)
    let full = ScanoutRect(x: 0, y: 0, width: 320, height: 200)
    #expect(painter.paint(snapshot(phase: 0), buffer: 0) == full)
    #expect(painter.paint(snapshot(phase: 0), buffer: 1) == full)
    let bezel = try #require(painter.lastLayout).bezel
    // Black outside, the bezel's grey (white 0.8 at 0.6 ≈ 122) inside, away from the indicator.
    #expect(b.pixel(0, 2, 2) & 0xFFFFFF == 0)
    let inside = b.pixel(0, Int(bezel.x) + 4, Int(bezel.midY)) & 0xFF
    #expect((115...130).contains(inside))
}

@Test func aSpinnerStepRepaintsOnlyTheIndicator() throws {
    let b = Buffers()
    let painter = CairoHUDPainter(targets: b.targets)
    _ = painter.paint(snapshot(phase: 0), buffer: 0)
    _ = painter.paint(snapshot(phase: 0), buffer: 1)
    let before = b.bytes(0)
    let region = painter.paint(snapshot(phase: 1.0 / 12), buffer: 0)
    let indicator = try #require(painter.lastLayout).indicator.pixels
    #expect(!region.isEmpty)
    #expect(region.intersection(indicator) == indicator || region.area <= indicator.area + 4 * (indicator.width + indicator.height) + 16)
    #expect(region.area < 2500)
    let after = b.bytes(0)
    var changedOutside = 0, changedInside = 0
    for y in 0..<b.height {
        for x in 0..<b.width {
            let i = y * b.pitch + x * 4
            let inRegion = x >= region.x && x < region.maxX && y >= region.y && y < region.maxY
            if before[i..<i + 3] != after[i..<i + 3] { if inRegion { changedInside += 1 } else { changedOutside += 1 } }
        }
    }
    #expect(changedOutside == 0)
    #expect(changedInside > 0)   // the spinner really turned
}

@Test func unchangedSnapshotsRepaintNothingAndHidingRepaintsTheBezel() throws {
    let b = Buffers()
    let painter = CairoHUDPainter(targets: b.targets)
    _ = painter.paint(snapshot(phase: 0), buffer: 0)
    _ = painter.paint(snapshot(phase: 0), buffer: 1)
    #expect(painter.paint(snapshot(phase: 0), buffer: 0).isEmpty)
    let bezel = try #require(painter.lastLayout).bezel.pixels
    let region = painter.paint(snapshot(phase: 0, visible: false), buffer: 1)
    #expect(region.intersection(bezel) == bezel)
    #expect(b.pixel(1, bezel.x + 4, bezel.y + bezel.height / 2) & 0xFFFFFF == 0)
}

@Test func progressOnlyRepaintsTheRing() throws {
    let b = Buffers()
    let painter = CairoHUDPainter(targets: b.targets)
    _ = painter.paint(snapshot(phase: 0, progress: 0.2, mode: .annularDeterminate), buffer: 0)
    _ = painter.paint(snapshot(phase: 0, progress: 0.2, mode: .annularDeterminate), buffer: 1)
    let region = painter.paint(snapshot(phase: 0, progress: 0.6, mode: .annularDeterminate), buffer: 0)
    let bezel = try #require(painter.lastLayout).bezel.pixels
    #expect(!region.isEmpty && region.area < bezel.area / 2)
}
