import Testing
@testable import HUDText

@Suite struct RecordedFontListTests {
    @Test func aWrittenListReadsBack() throws {
        var list = RecordedFontList()
        list.add(request: "sans-serif|bold|", files: [FontFile(path: "/a.ttf"), FontFile(path: "/b.ttc", index: 2)])
        list.add(request: "Noto Sans|regular|ja", files: [FontFile(path: "/c.otf")])
        let back = try RecordedFontList(parsing: list.text, name: "fonts.list")
        #expect(back.chains["sans-serif|bold|"] == [FontFile(path: "/a.ttf"), FontFile(path: "/b.ttc", index: 2)])
        #expect(back.chains["Noto Sans|regular|ja"] == [FontFile(path: "/c.otf")])
        #expect(back.order == ["sans-serif|bold|", "Noto Sans|regular|ja"])
    }

    @Test(arguments: [("font\t/a.ttf\t0\n", "fonts.list:1: a font line before any request line"),
                      ("request\tx|bold|\nfont\t/a.ttf\tone\n", "fonts.list:2: face index \"one\" is not a number ≥ 0"),
                      ("request x\n", "fonts.list:1: expected \"request<TAB>KEY\" or \"font<TAB>PATH<TAB>INDEX\", found \"request x\"")])
    func badLinesAreNamed(text: String, message: String) {
        #expect(throws: TextError.badFontList(message)) { try RecordedFontList(parsing: text, name: "fonts.list") }
    }

    @Test func aMissingFileIsNoList() throws {
        #expect(try RecordedFontList.read(path: "/nonexistent/fonts.list") == nil)
    }
}
