import HUDProtocol
import Testing

private func parse(_ s: String) throws(ProtocolError) -> PsplashCommand { try PsplashCommand.parse(Array(s.utf8)) }

@Suite struct PsplashCommandTests {
    @Test func commands() throws {
        #expect(try parse("PROGRESS 42") == .progress(42))
        #expect(try parse("PROGRESS  7 ") == .progress(7))
        #expect(try parse("PROGRESS 250") == .progress(100))
        #expect(try parse("PROGRESS 99999999999999999999") == .progress(100))
        #expect(try parse("PROGRESS -5") == .progress(0))
        #expect(try parse("MSG Starting network…") == .message("Starting network…"))
        #expect(try parse("MSG") == .message(""))
        #expect(try parse("QUIT") == .quit)
        #expect(try parse("QUIT\r") == .quit)
    }

    @Test func readAsPsplashReadsThem() throws {
        // atoi: the leading number counts, the rest is ignored.
        #expect(try parse("PROGRESS 42abc") == .progress(42))
        #expect(try parse("PROGRESS +7%") == .progress(7))
        // Invalid UTF-8 and control characters are drawn replaced, not dropped.
        #expect(try PsplashCommand.parse(Array("MSG caf".utf8) + [0xFF]) == .message("caf\u{FFFD}"))
        #expect(try parse("MSG bell\u{7}here") == .message("bell here"))
        // Over-long: cut at the limit, on a character boundary.
        let long = String(repeating: "é", count: ProtocolLimits.maxLabelBytes)
        guard case .message(let cut) = try parse("MSG " + long) else { Issue.record("not a message"); return }
        #expect(cut.utf8.count == ProtocolLimits.maxLabelBytes)
        #expect(cut.allSatisfy { $0 == "é" })
    }

    @Test func garbage() {
        #expect(throws: ProtocolError.self) { try parse("PROGRESS") }
        #expect(throws: ProtocolError.self) { try parse("PROGRESS ten") }
        #expect(throws: ProtocolError.self) { try parse("progress 10") }
        #expect(throws: ProtocolError.self) { try parse("REBOOT") }
    }
}
