import HUDProtocol
import Testing

/// `ask` and `type`: parsed as strictly as the other requests, encoded back to themselves.
@Suite struct PromptRequestTests {
    private func parse(_ s: String) throws(ProtocolError) -> Request { try Request.parse(Array(s.utf8)) }

    private func code(_ s: String) -> ErrorCode? {
        do { _ = try Request.parse(Array(s.utf8)); return nil } catch { return error.code }
    }

    @Test func askAndTypeRoundTrip() throws {
        #expect(try parse(#"ask kind=password prompt="Disk passphrase""#) == .ask(.password, prompt: "Disk passphrase"))
        #expect(try parse("ask kind=question") == .ask(.question, prompt: ""))
        #expect(try parse("type text=abc key=enter") == .type(text: "abc", key: .enter))
        #expect(try parse("type key=interrupt") == .type(text: "", key: .interrupt))
        for r: Request in [.ask(.password, prompt: "Say \"yes\" ☃"), .ask(.question, prompt: ""), .type(text: "a b", key: nil),
                           .type(text: "", key: .backspace), .type(text: "x", key: .escape)] {
            #expect(try Request.parse(Array(r.encoded().utf8.dropLast())) == r, "\(r)")
        }
    }

    @Test func badAsksAndTypesAreRefusedByName() {
        #expect(code("ask") == .missingKey)
        #expect(code("ask kind=pin") == .badValue)
        #expect(code("ask kind=password prompt=\"two\\nlines\"") == .badValue)
        #expect(code("ask kind=password prompt=\(String(repeating: "x", count: ProtocolLimits.maxLabelBytes + 1))") == .badValue)
        #expect(code("ask kind=password extra=1") == .unknownKey)
        #expect(code("type") == .missingKey)
        #expect(code("type key=f13") == .badValue)
        #expect(code("type text=\"a\\tb\"") == .badValue, "a control character is a key, not text")
        #expect(code("type text=a text=b") == .duplicateKey)
    }
}
