import HUDProtocol
import Testing

private func frame(_ chunks: [[UInt8]], max: Int = 16, nul: Bool = false) -> [LineFramer.Event] {
    var framer = LineFramer(maxLineBytes: max, separatesAtNUL: nul)
    var events: [LineFramer.Event] = []
    for c in chunks { framer.feed(c) { events.append($0) } }
    return events
}

@Suite struct LineFramerTests {
    @Test func linesSplitAcrossReads() {
        let events = frame([Array("pi".utf8), Array("ng\nsta".utf8), Array("tus\n".utf8)])
        #expect(events == [.line(Array("ping".utf8)), .line(Array("status".utf8))])
    }

    @Test func emptyLinesAreSkipped() {
        #expect(frame([Array("\n\n\nping\n\n".utf8)]) == [.line(Array("ping".utf8))])
    }

    @Test func overlongLineReportedOnceAndSkipped() {
        let long = [UInt8](repeating: 0x61, count: 100)
        let events = frame([long, long, Array("\nping\n".utf8)])
        #expect(events == [.tooLong, .line(Array("ping".utf8))])
    }

    @Test func exactlyAtTheCap() {
        // max 16 bytes including the newline: 15 content bytes pass, 16 do not.
        #expect(frame([[UInt8](repeating: 0x61, count: 15) + [0x0A]]) == [.line([UInt8](repeating: 0x61, count: 15))])
        #expect(frame([[UInt8](repeating: 0x61, count: 16) + [0x0A]]) == [.tooLong])
    }

    @Test func nulSeparatesForPsplash() {
        let events = frame([Array("PROGRESS 10".utf8) + [0] + Array("MSG hi".utf8) + [0, 0x0A]], max: 64, nul: true)
        #expect(events == [.line(Array("PROGRESS 10".utf8)), .line(Array("MSG hi".utf8))])
        #expect(frame([Array("a".utf8) + [0] + Array("b\n".utf8)], nul: false) == [.line([0x61, 0, 0x62])])
    }

    @Test func partialAndReset() {
        var framer = LineFramer()
        framer.feed(Array("show lab".utf8)) { _ in Issue.record("no line yet") }
        #expect(framer.hasPartialLine)
        framer.reset()
        #expect(!framer.hasPartialLine)
        var got: [LineFramer.Event] = []
        framer.feed(Array("ping\n".utf8)) { got.append($0) }
        #expect(got == [.line(Array("ping".utf8))])
    }

    /// A message kept by the caller holds its own bytes, not the framer's 4 kB buffer
    /// (a psplash FIFO read of 5,000 commands once held 22 MB).
    @Test func keptMessagesHoldOnlyTheirBytes() {
        var framer = LineFramer()
        var kept: [[UInt8]] = []
        framer.feed(Array("PROGRESS 1\nPROGRESS 2\nPROG".utf8)) { if case .line(let l) = $0 { kept.append(l) } }
        if let tail = framer.flush() { kept.append(tail) }
        #expect(kept == [Array("PROGRESS 1".utf8), Array("PROGRESS 2".utf8), Array("PROG".utf8)])
        for line in kept { #expect(line.capacity < 64, "a \(line.count)-byte message holds \(line.capacity) bytes") }
    }
}
