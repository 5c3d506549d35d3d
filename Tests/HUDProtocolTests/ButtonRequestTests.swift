import HUDProtocol
import Testing

/// `button=` on show/update, `wait-button` and `press-button`: parsed as
/// strictly as the other texts, and encoded back to themselves.
@Suite struct ButtonRequestTests {
    private func parse(_ s: String) throws(ProtocolError) -> Request { try Request.parse(Array(s.utf8)) }

    private func code(_ bytes: [UInt8]) -> ErrorCode? {
        do { _ = try Request.parse(bytes); return nil } catch { return error.code }
    }

    @Test func buttonTitleOnShowAndUpdate() throws {
        #expect(try parse(#"show label=Uploading button="Cancel upload""#)
            == .show(HUDSettings(label: "Uploading", button: "Cancel upload")))
        #expect(try parse("update button=Stop") == .update(HUDSettings(button: "Stop")))
        #expect(try parse(#"update button="""#) == .update(HUDSettings(button: "")), "empty removes the button")
        #expect(try parse("show button=キャンセル") == .show(HUDSettings(button: "キャンセル")))
        let r = Request.show(HUDSettings(label: "x", button: "Say \"stop\" now"))
        #expect(try Request.parse(Array(r.encoded().utf8.dropLast())) == r)
    }

    @Test func hostileTitlesAreRefused() {
        let longest = String(repeating: "é", count: ProtocolLimits.maxButtonTitleBytes / 2)
        #expect(code(Array("show button=\(longest)".utf8)) == nil, "exactly the limit")
        #expect(code(Array("show button=\(longest)x".utf8)) == .badValue, "one byte over")
        #expect(code(Array(#"show button="two\nlines""#.utf8)) == .badValue)
        #expect(code(Array("show button=".utf8) + [0xC3, 0x28]) == .badUTF8)
        #expect(code(Array("show button=".utf8) + [0xED, 0xA0, 0x80]) == .badUTF8, "a surrogate")
        #expect(code(Array("show button=a\u{7}b".utf8)) == .syntax, "control byte")
        #expect(code(Array("show button=a button=b".utf8)) == .duplicateKey)
        #expect(code(Array("update button=\(String(repeating: "x", count: 5000))".utf8)) == .tooLong, "past the line limit")
    }

    @Test func waitAndPressTakeNoKeys() throws {
        #expect(try parse("wait-button") == .waitButton)
        #expect(try parse("press-button") == .pressButton)
        #expect(code(Array("wait-button title=x".utf8)) == .unknownKey)
        #expect(code(Array("press-button now=1".utf8)) == .unknownKey)
        #expect(Request.waitButton.encoded() == "wait-button\n")
        #expect(Request.pressButton.encoded() == "press-button\n")
        #expect(Request.verbs.contains("wait-button") && Request.verbs.contains("press-button"))
    }
}
