import HUDProtocol
import Testing

@Suite struct EncodingTests {
    static let samples: [Request] = [
        .hello(protocolVersion: 1), .ping, .status, .reload,
        .show(HUDSettings()),
        .show(HUDSettings(mode: .bar, label: "a \"quoted\" \\ label", details: "two\nlines\tand a tab", progressPercent: 12.345678,
                          graceSeconds: 0.25, minShowSeconds: 60, animation: .zoomOut, animated: true)),
        .update(HUDSettings(mode: .image, imagePath: "/path with spaces/logo.png")),
        .update(HUDSettings(label: "")),
        .progress(percent: 0), .progress(percent: 99.9), .progress(percent: 100),
        .message("Обновление…"), .message("emoji 🚀 and = signs"),
        .hide(afterSeconds: nil, animated: true), .hide(afterSeconds: 2.5, animated: false),
        .quit(retain: false), .quit(retain: true),
    ]

    @Test(arguments: samples) func roundTrip(_ request: Request) throws {
        let line = request.encoded()
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }, "one line, no control bytes")
        #expect(try Request.parse(Array(line.utf8.dropLast())) == request)
    }

    /// Found by the fuzzer: more than six decimals came back changed after
    /// encode → parse. Parsing keeps six, so a parsed request is a fixed point.
    @Test(arguments: ["progress percent=.37700090000100000", "hide after=1.0000004", "progress percent=99.9999996"])
    func parsedNumbersSurviveEncoding(_ text: String) throws {
        let request = try Request.parse(Array(text.utf8))
        #expect(try Request.parse(Array(request.encoded().utf8.dropLast())) == request)
    }

    @Test func responses() throws {
        let ok = Response.ok([Field("label", "x y"), Field("progress", "42")])
        #expect(ok.encoded() == "ok label=\"x y\" progress=42\n")
        #expect(try Response.parse(Array(ok.encoded().utf8.dropLast())) == ok)
        let err = Response.error(code: .badValue, reason: "progress=250 is outside 0…100%")
        #expect(try Response.parse(Array(err.encoded().utf8.dropLast())) == err)
        #expect(Response.ok.encoded() == "ok\n")
        #expect(throws: ProtocolError.self) { try Response.parse(Array("hello".utf8)) }
    }

    @Test func greeting() throws {
        #expect(Greeting.encoded() == "kioskhud protocol=\(ProtocolVersion.current)\n")
        #expect(try Greeting.version(of: Array("kioskhud protocol=7".utf8)) == 7)
        #expect(throws: ProtocolError.self) { try Greeting.version(of: Array("SSH-2.0-OpenSSH".utf8)) }
        #expect(throws: ProtocolError.self) { try Greeting.version(of: Array("kioskhud".utf8)) }
    }

    /// Random texts of every awkward kind survive encode → parse unchanged.
    @Test func randomTextsRoundTrip() throws {
        var rng = SplitMix(seed: 0x5EED)
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "=", "%", "\t", "é", "日", "本", "🚀", "\u{200B}", "#"]
        for _ in 0..<2000 {
            var s = ""
            for _ in 0..<Int(rng.next() % 40) { s.unicodeScalars.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let request = Request.show(HUDSettings(details: s))
            #expect(try Request.parse(Array(request.encoded().utf8.dropLast())) == request)
        }
    }
}

/// A small seeded generator, so random tests repeat exactly.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
