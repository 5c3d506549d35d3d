import HUDPlymouth
import Testing

typealias Parsed = Result<PlymouthRequest, PlymouthWireError>

private func parse(_ chunks: [[UInt8]]) -> (results: [Parsed], partial: Bool) {
    var parser = PlymouthRequestParser()
    var results: [Parsed] = []
    for chunk in chunks { parser.feed(chunk) { results.append($0) } }
    return (results, parser.hasPartialRequest)
}

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

@Suite struct PlymouthRequestParserTests {
    /// The bytes Debian's `plymouth` client, systemd and initramfs-tools send.
    @Test func clientBytes() {
        let cases: [([UInt8], PlymouthRequest)] = [
            (bytes("P") + [0], .ping),
            (bytes("U") + [2, 13] + bytes("sshd.service") + [0], .updateStatus("sshd.service")),
            (bytes("C") + [2, 8] + bytes("updates") + [0], .changeMode(.updates)),
            (bytes("u") + [2, 3] + bytes("40") + [0], .systemUpdate(percent: 40)),
            (bytes("Q") + [2, 1, 0], .quit(retainSplash: false)),
            (bytes("Q") + [2, 2, 1, 0], .quit(retainSplash: true)),
            (bytes("Q") + [0], .quit(retainSplash: false)),
            (bytes("M") + [2, 1, 0], .showMessage("")),
            (bytes("m") + [2, 3] + bytes("hi") + [0], .hideMessage("hi")),
            (bytes("R") + [2, 9] + bytes("/sysroot") + [0], .newRoot("/sysroot")),
            (bytes("*") + [0], .password(prompt: nil)),
            (bytes("*") + [2, 5] + bytes("Disk") + [0], .password(prompt: "Disk")),
            (bytes("c") + [0], .cachedPasswords),
            (bytes("K") + [0], .watchKeystroke(keys: nil)),
            (bytes("L") + [2, 3] + bytes("yn") + [0], .ignoreKeystroke(keys: "yn")),
            (bytes("$") + [0], .showSplash), (bytes("H") + [0], .hideSplash),
            (bytes("D") + [0], .deactivate), (bytes("r") + [0], .reactivate),
            (bytes("V") + [0], .hasActiveVT), (bytes("S") + [0], .systemInitialized),
            (bytes("!") + [0], .error), (bytes("A") + [0], .pauseProgress), (bytes("a") + [0], .unpauseProgress),
            (bytes("W") + [2, 4] + bytes("ok?") + [0], .question(prompt: "ok?")),
        ]
        for (wire, request) in cases {
            let (results, partial) = parse([wire])
            #expect(results == [.success(request)], "\(wire)")
            #expect(!partial)
        }
    }

    @Test func everyModeParses() {
        for mode in SplashMode.allCases {
            #expect(parse([PlymouthRequest.changeMode(mode).encoded]).results == [.success(.changeMode(mode))])
        }
        #expect(SplashMode.allCases.map(\.changeModeName) == ["boot-up", "shutdown", "reboot", "updates", "system-upgrade", "firmware-upgrade"])
        // plymouthd's --mode says "boot"; change-mode does not know it.
        #expect(SplashMode(changeModeName: "boot") == nil)
    }

    /// systemd writes `M…` and `A\0` in one write; the parser must give both, in order.
    @Test func severalRequestsInOneRead() {
        let wire = PlymouthRequest.showMessage("fsck 10%").encoded + PlymouthRequest.pauseProgress.encoded
            + PlymouthRequest.ping.encoded
        #expect(parse([wire]).results == [.success(.showMessage("fsck 10%")), .success(.pauseProgress), .success(.ping)])
    }

    /// Every split point of a two-request stream gives the same requests.
    @Test func bytesSplitAcrossReads() {
        let wire = PlymouthRequest.updateStatus("systemd-udevd.service").encoded + PlymouthRequest.quit(retainSplash: true).encoded
        for cut in 1..<wire.count {
            let (results, partial) = parse([Array(wire[..<cut]), Array(wire[cut...])])
            #expect(results == [.success(.updateStatus("systemd-udevd.service")), .success(.quit(retainSplash: true))], "cut at \(cut)")
            #expect(!partial)
        }
        // One byte at a time: partial until the last.
        var parser = PlymouthRequestParser()
        var got: [Parsed] = []
        for (i, b) in wire.enumerated() {
            parser.feed([b]) { got.append($0) }
            if i < wire.count - 1 && i != PlymouthRequest.updateStatus("systemd-udevd.service").encoded.count - 1 {
                #expect(parser.hasPartialRequest, "after byte \(i)")
            }
        }
        #expect(got.count == 2)
    }

    @Test func unknownCommandIsNAKedAndTheNextRequestStillParses() {
        let (results, _) = parse([bytes("z") + [0] + bytes("P") + [0]])
        #expect(results == [.failure(.unknownCommand(UInt8(ascii: "z"))), .success(.ping)])
        #expect(PlymouthWireError.unknownCommand(0x7a).reply == .nak)
        #expect(PlymouthWireError.unknownCommand(0x7a).description == "unknown command 0x7a 'z'")
    }

    @Test func missingNULIsNAKed() {
        // Length 3 says "hi\0"; the client sent "hix".
        let (results, partial) = parse([bytes("U") + [2, 3] + bytes("hix") + bytes("P") + [0]])
        #expect(results == [.failure(.unterminatedArgument(command: UInt8(ascii: "U"), length: 3)), .success(.ping)])
        #expect(!partial)
    }

    @Test func wrongLengthByte() {
        // Too short: the NUL is not the last byte counted; the rest is framed as the next request.
        let short = parse([bytes("M") + [2, 2] + bytes("hello") + [0]])
        #expect(short.results.first == .failure(.unterminatedArgument(command: UInt8(ascii: "M"), length: 2)))
        // Too long: waits for bytes that never come (the server's stall timer ends it).
        let long = parse([bytes("M") + [2, 200] + bytes("hi") + [0]])
        #expect(long.results.isEmpty)
        #expect(long.partial)
        // Zero.
        #expect(parse([bytes("M") + [2, 0]]).results == [.failure(.emptyArgument(command: UInt8(ascii: "M")))])
    }

    @Test func badSeparatorAndMissingArgument() {
        #expect(parse([bytes("P") + [7]]).results == [.failure(.badSeparator(command: UInt8(ascii: "P"), byte: 7))])
        #expect(parse([bytes("U") + [0]]).results == [.failure(.missingArgument(command: UInt8(ascii: "U")))])
        #expect(parse([bytes("M") + [0]]).results == [.failure(.missingArgument(command: UInt8(ascii: "M")))])
    }

    /// plymouthd ACKs these before looking at the argument; we ACK and ignore them.
    @Test func badModeAndPercentAreACKedAndIgnored() {
        let mode = parse([bytes("C") + [2, 4] + bytes("foo") + [0]]).results
        #expect(mode == [.failure(.unknownMode("foo"))])
        #expect(PlymouthWireError.unknownMode("foo").reply == .ack)
        for bad in ["101", "-1", "4x", "", "0040", " 4"] {
            let r = parse([bytes("u") + [2, UInt8(bad.utf8.count + 1)] + bytes(bad) + [0]]).results
            #expect(r == [.failure(.badPercent(bad))], "\(bad)")
        }
        #expect(parse([PlymouthRequest.systemUpdate(percent: 100).encoded]).results == [.success(.systemUpdate(percent: 100))])
        #expect(parse([PlymouthRequest.systemUpdate(percent: 0).encoded]).results == [.success(.systemUpdate(percent: 0))])
    }

    /// An embedded NUL ends the argument, as in plymouthd's C strings.
    @Test func argumentEndsAtItsFirstNUL() {
        #expect(parse([bytes("U") + [2, 5] + bytes("ab") + [0] + bytes("c") + [0]]).results == [.success(.updateStatus("ab"))])
    }

    /// Random bytes: no crash, and whatever request the junk leaves unfinished
    /// ends within one request's length (a zero ends any argument), after
    /// which a ping parses again: nothing can make the parser buffer more.
    @Test func hostileStreamsStayBounded() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var parser = PlymouthRequestParser()
            let junk = (0..<Int.random(in: 0..<2000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var count = 0
            parser.feed(junk) { _ in count += 1 }
            #expect(count <= junk.count / 2)
            var zeros = 0
            while parser.hasPartialRequest {
                parser.feed([0]) { _ in }
                zeros += 1
                if zeros > PlymouthRequestParser.maxRequestBytes { break }
            }
            #expect(zeros <= PlymouthRequestParser.maxRequestBytes - 1)
            var after: [Parsed] = []
            parser.feed(PlymouthRequest.ping.encoded) { after.append($0) }
            #expect(after == [.success(.ping)])
        }
    }
}
