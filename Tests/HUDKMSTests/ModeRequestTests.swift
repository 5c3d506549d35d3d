import Testing
@testable import HUDKMS

@Test func parsesSizeAndRefresh() throws {
    let r = try ModeRequest(parsing: "1280x800@60")
    #expect(r == ModeRequest(width: 1280, height: 800, refreshRate: 60))
    #expect(try ModeRequest(parsing: "640x480") == ModeRequest(width: 640, height: 480, refreshRate: nil))
}

@Test(arguments: ["", "1280", "1280x", "x800", "1280x800@", "1280x800@sixty", "0x800", "1280x-1", "1280x800@0", "12.5x800", "1280x800x32"])
func rejectsMalformedModes(_ text: String) {
    #expect(throws: ModeRequestError.self) { try ModeRequest(parsing: text) }
}

@Test func errorNamesTheText() {
    do {
        _ = try ModeRequest(parsing: "1280x800@abc")
        Issue.record("parsed")
    } catch {
        #expect(error.description.contains("1280x800@abc"))
        #expect(error.description.contains("refresh"))
    }
}
