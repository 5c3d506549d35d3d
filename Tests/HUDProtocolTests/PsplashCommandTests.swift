import HUDProtocol
import Testing

private func parse(_ s: String) throws(ProtocolError) -> PsplashCommand { try PsplashCommand.parse(Array(s.utf8)) }

@Suite struct PsplashCommandTests {
    @Test func commands() throws {
        #expect(try parse("PROGRESS 42") == .progress(42))
        #expect(try parse("PROGRESS  7 ") == .progress(7))
        #expect(try parse("PROGRESS 250") == .progress(100))
        #expect(try parse("PROGRESS -5") == .progress(0))
        #expect(try parse("MSG Starting network…") == .message("Starting network…"))
        #expect(try parse("MSG") == .message(""))
        #expect(try parse("QUIT") == .quit)
        #expect(try parse("QUIT\r") == .quit)
    }

    @Test func garbage() {
        #expect(throws: ProtocolError.self) { try parse("PROGRESS") }
        #expect(throws: ProtocolError.self) { try parse("PROGRESS ten") }
        #expect(throws: ProtocolError.self) { try parse("PROGRESS 99999999999999999999") }
        #expect(throws: ProtocolError.self) { try parse("progress 10") }
        #expect(throws: ProtocolError.self) { try parse("REBOOT") }
        #expect(throws: ProtocolError.self) { try PsplashCommand.parse([0x4D, 0x53, 0x47, 0x20, 0xFF]) }
        #expect(throws: ProtocolError.self) { try parse("MSG bell\u{7}") }
    }
}
