import Testing
@testable import HUDKMS

private let screen = ScanoutRect(x: 0, y: 0, width: 100, height: 50)

@Test func unpaintedBuffersAreWhollyStale() {
    var t = DamageTracker(bufferCount: 2, bounds: screen)
    #expect(t.take(for: 0) == screen)
    #expect(t.take(for: 1) == screen)
    #expect(t.take(for: 0).isEmpty)
}

@Test func eachBufferCollectsDamageSinceItWasLastPainted() {
    var t = DamageTracker(bufferCount: 2, bounds: screen)
    _ = t.take(for: 0)
    _ = t.take(for: 1)
    let a = ScanoutRect(x: 10, y: 10, width: 5, height: 5)
    let b = ScanoutRect(x: 40, y: 20, width: 10, height: 10)
    t.add(a)
    #expect(t.take(for: 0) == a)
    t.add(b)
    // Buffer 1 missed frame `a` and gets `b` too.
    #expect(t.take(for: 1) == a.union(b))
    #expect(t.take(for: 0) == b)
}

@Test func damageIsClippedAndInvalidateAllRepaintsEverything() {
    var t = DamageTracker(bufferCount: 2, bounds: screen)
    _ = t.take(for: 0)
    t.add(ScanoutRect(x: 90, y: 40, width: 50, height: 50))
    #expect(t.peek(for: 0) == ScanoutRect(x: 90, y: 40, width: 10, height: 10))
    t.invalidateAll()
    #expect(t.take(for: 0) == screen)
}

@Test func rectArithmetic() {
    let a = ScanoutRect(x: 0, y: 0, width: 10, height: 10)
    let b = ScanoutRect(x: 5, y: 5, width: 10, height: 10)
    #expect(a.union(b) == ScanoutRect(x: 0, y: 0, width: 15, height: 15))
    #expect(a.intersection(b) == ScanoutRect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.intersection(ScanoutRect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
    #expect(ScanoutRect.empty.union(a) == a)
    #expect(ScanoutRect.covering(x: 1.5, y: 2.25, width: 3, height: 1) == ScanoutRect(x: 1, y: 2, width: 4, height: 2))
    #expect(ScanoutRect.covering(x: .nan, y: 0, width: 1, height: 1).isEmpty)
}
