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

/// Line breaking on its own: widths given, no fonts.
@Suite struct WrapTests {
    func wrap(_ text: String, width: Double, hyphen: Double = 0) -> [(String, Bool)] {
        let s = text.unicodeScalars.map(\.value)
        let lines = TextLayout.wrap(s, advances: s.map { _ in 10 }, clusterStarts: s.map { _ in true }, width: width,
                                    hyphenWidth: hyphen)
        return lines.map { (String(String.UnicodeScalarView(s[$0.range].compactMap(Unicode.Scalar.init))), $0.insideWord) }
    }

    @Test func wordsWrapAtSpacesAndTrailingSpacesDoNotCount() {
        #expect(wrap("aaa bbb ccc", width: 70).map(\.0) == ["aaa bbb ", "ccc"])
        #expect(wrap("aaa bbb ccc", width: 70).allSatisfy { !$0.1 })
    }

    @Test func aWordWiderThanTheLineBreaksBetweenLettersLeavingRoomForTheHyphen() {
        let lines = wrap("abcdefghij", width: 50, hyphen: 10)
        #expect(lines.map(\.0) == ["abcd", "efgh", "ij"])
        #expect(lines.map(\.1) == [true, true, false])
    }

    @Test func cjkBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
        #expect(wrap("正在更新固件", width: 30).map(\.0) == ["正在更", "新固件"])
        #expect(wrap("正在更，新固", width: 30).map(\.0) == ["正在", "更，新", "固"])
        #expect(wrap("正在更新固件", width: 30).allSatisfy { !$0.1 })
    }
}
