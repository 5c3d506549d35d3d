import Testing
@testable import HUDRender

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let v = try JSONParser.parse(#"{"a": [1, -2.5e2, 0, true, false, null], "s": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "o": {}}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o["a"] == .array([.number(1), .number(-250), .number(0), .bool(true), .bool(false), .null]))
        #expect(o["s"] == .string("x\"\\/\u{8}\u{c}\n\r\té😀"))
        #expect(o["o"] == .object(JSONObject()))
        #expect(o.members.map(\.key) == ["a", "s", "o"])
        #expect(o.members[1].position == JSONPosition(line: 1, column: 42))
    }

    @Test func keyPositionsCountLinesAndColumns() throws {
        let v = try JSONParser.parse("{\n  \"first\": 1,\n\t\"second\": 2\n}")
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.members[0].position == JSONPosition(line: 2, column: 3))
        #expect(o.members[1].position == JSONPosition(line: 3, column: 2))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "1:9", "trailing ','"),
        ("[1, 2,]", "1:7", "trailing ','"),
        ("{\"a\": 1, \"a\": 2}", "1:10", "duplicate key \"a\""),
        ("{\n  \"a\": tru\n}", "2:8", "expected a value"),
        ("{\"a\": 01}", "1:8", "leading zero"),
        ("{\"a\": 1.}", "1:9", "digit after '.'"),
        ("{\"a\": \"x\\q\"}", "1:10", "invalid escape"),
        ("{\"a\": \"x", "1:9", "unterminated string"),
        ("{\"a\" 1}", "1:6", "expected ':'"),
        ("{a: 1}", "1:2", "key in double quotes"),
        ("// comment\n{}", "1:1", "expected a value"),
        ("{} {}", "1:4", "after the value"),
        ("", "1:1", "end of file"),
        ("[\"\\ud800\"]", "1:9", "without a low surrogate"),
        ("[1e999]", "1:2", "out of range"),
        ("\"tab\there\"", "1:5", "control character"),
    ])
    func errorsSayWhereAndWhat(text: String, position: String, message: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect("\(error.position)" == position, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object(JSONObject()))
    }
}

/// Mutated theme files never crash the parser or the theme reader.
@Suite struct JSONMutationTests {
    @Test func mutatedThemesAreErrorsNotCrashes() {
        let seed = Array(##"{"bezelStyle": "blur", "label": {"fontSize": 16, "color": "#ffffffcc"}, "minSize": {"width": 1e2, "height": 0.5}, "screen": {"image": "a\u00e9.png"}, "x": [true, false, null, -0.0]}"##.utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("{}[]\":,0123456789.eE+-truefalsn \\u\n\t#ab".utf8) + [0x00, 0xC3, 0xFF]
        var syntax = 0, keys = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<(1 + next() % 4) {
                let i = next() % bytes.count
                switch next() % 3 {
                case 0: bytes[i] = alphabet[next() % alphabet.count]
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet[next() % alphabet.count], at: i)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            let load = HUDTheme.parse(bytes, file: "fuzz.json")
            if load.problems.contains(where: { $0.key == nil }) { syntax += 1 } else { keys += 1 }
            #expect(load.problems.allSatisfy { $0.file == "fuzz.json" })
        }
        // Both paths ran: broken JSON, and JSON whose keys and values were checked.
        #expect(syntax > 100 && keys > 100, "syntax errors \(syntax), key checks \(keys)")
    }
}
