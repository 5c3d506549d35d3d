import HUDCore
import Testing
@testable import HUDRender

/// Text is shaped with Debian's fonts: every glyph present, wrapped and
/// ellipsized as asked, right-to-left scripts aligned to their edge.
@Suite struct TextTests {
    static let samples: [(String, String)] = [
        ("Korean", "펌웨어 업데이트 중입니다"),
        ("Chinese (simplified)", "正在更新固件，请勿关闭电源"),
        ("Chinese (traditional)", "正在更新韌體，請勿關閉電源"),
        ("Japanese", "ファームウェアを更新しています。電源を切らないでください"),
        ("Arabic", "جارٍ تحديث البرنامج الثابت"),
        ("Hebrew", "מעדכן את הקושחה"),
        ("Thai", "กำลังอัปเดตเฟิร์มแวร์ กรุณาอย่าปิดเครื่อง"),
        ("Latin", "Mise à jour du micrologiciel — Größe"),
    ]

    func block(_ text: String, lines: Int = 0, width: Double = 280, alignment: TextAlignment = .center,
               language: String = "") -> TextBlock {
        let engine = try! TextEngine(language: language)
        return TextBlock(engine: engine, label: HUDLabel(text: text, font: .details, maximumLines: lines),
                         maximumWidth: width, alignment: alignment)
    }

    @Test(arguments: samples)
    func everyGlyphOfEachScriptIsPresent(name: String, text: String) throws {
        let b = block(text)
        #expect(b.unknownGlyphCount == 0, "\(name): \(b.unknownGlyphCount) missing glyphs")
        #expect(b.width > 20 && b.height > 10)
        // And drawn: the label is laid out by the renderer with ink in its frame.
        var c = HUDConfiguration.contrasting(.text)
        c.label.text = text
        let canvas = try TestCanvas(c, width: 480, height: 240)
        let scene = try #require(canvas.renderer.scenes.first)
        #expect(scene.label?.unknownGlyphCount == 0)
        let frame = try #require(canvas.renderer.textFrames(id: 1).label)
        var ink = 0
        for y in frame.y..<frame.maxY { for x in frame.x..<frame.maxX where canvas.luma(x, y) < 128 { ink += 1 } }
        #expect(ink > 30, "\(name): \(ink) ink pixels")
    }

    func width(_ text: String) -> Double {
        let engine = try! TextEngine(language: "")
        return TextBlock(engine: engine, label: HUDLabel(text: text, font: HUDFont(size: 48), maximumLines: 1),
                         maximumWidth: 5000, alignment: .center).width
    }

    @Test func arabicLettersAreJoinedNotIsolated() {
        // Joined beh (initial, medial, final forms) is far narrower than three isolated behs.
        let joined = width("ببب"), isolated = width("ب")
        #expect(joined < 3 * isolated * 0.8, "joined \(joined), isolated \(isolated)")
        // Lam-alef becomes one ligature, narrower than lam and alef apart.
        #expect(width("لا") < width("ل ا") - width(" ") - 5)
    }

    @Test func thaiMarksStackInsteadOfAdvancing() {
        // A tone mark sits above its consonant: no extra width.
        #expect(abs(width("ก้") - width("ก")) <= 1)
        #expect(width("กก") > width("ก") + 10)
    }

    @Test func missingGlyphsAreDetected() {
        // Private-use and unassigned code points have no glyph in any installed font.
        let b = block("OK \u{E000}\u{E001}")
        #expect(b.unknownGlyphCount >= 2)
    }

    @Test func rightToLeftTextIsDetected() {
        #expect(block("جارٍ تحديث").isRightToLeft)
        #expect(!block("Updating").isRightToLeft)
    }

    @Test func detailsWrapAtTheMaximumWidth() {
        let b = block("Do not switch the device off while the firmware is being written to flash memory.", width: 150)
        #expect(b.lineCount >= 3)
        #expect(b.width <= 150)
        #expect(!b.isEllipsized)
    }

    @Test func textPastTheLineLimitIsEllipsized() {
        let long = "Do not switch the device off while the firmware is being written to flash memory."
        let one = block(long, lines: 1, width: 150)
        #expect(one.lineCount == 1 && one.isEllipsized)
        let two = block(long, lines: 2, width: 150)
        #expect(two.lineCount == 2 && two.isEllipsized)
        let cjk = block(String(repeating: "正在更新固件", count: 10), lines: 2, width: 150)
        #expect(cjk.lineCount == 2 && cjk.isEllipsized)
    }

    @Test func labelAndDetailsStackUnderTheIndicatorWithFourPointsBetween() throws {
        var c = HUDConfiguration.contrasting(.success)
        c.label.text = "Done"
        c.detailsLabel.text = "Two lines of\ndetails"
        let canvas = try TestCanvas(c)
        let scene = try #require(canvas.renderer.scenes.first)
        let indicator = try #require(scene.layout.indicator)
        let label = try #require(scene.layout.label), details = try #require(scene.layout.details)
        #expect(label.y == indicator.maxY + 4)
        #expect(details.y == label.maxY + 4)
        #expect(scene.layout.bezel.y + 20 == indicator.y)
        #expect(abs(label.midX - scene.layout.bezel.midX) <= 0.5)
        #expect(abs(details.maxY + 20 - scene.layout.bezel.maxY) <= 0.5)
    }

    /// Ink columns of the rows of one line of a label.
    func inkSpan(_ canvas: TestCanvas, rows: Range<Int>, columns: Range<Int>) -> (Int, Int)? {
        var lo = Int.max, hi = -1
        for y in rows { for x in columns where canvas.luma(x, y) < 128 { lo = min(lo, x); hi = max(hi, x) } }
        return hi < 0 ? nil : (lo, hi)
    }

    @Test(arguments: [(TextAlignment.natural, "جارٍ تحديث البرنامج الثابت للجهاز\nانتظر", "right"),
                      (.natural, "Updating the device firmware now\nwait", "left"),
                      (.center, "جارٍ تحديث البرنامج الثابت للجهاز\nانتظر", "centre")])
    func shortLastLineSitsAtTheReadingEdge(alignment: TextAlignment, text: String, edge: String) throws {
        var c = HUDConfiguration.contrasting(.text)
        c.detailsLabel.text = text
        c.detailsLabel.font = HUDFont(size: 16)
        var style = HUDRenderStyle()
        style.textAlignment = alignment
        let canvas = try TestCanvas(c, width: 480, height: 240, style: style)
        let frame = try #require(canvas.renderer.textFrames(id: 1).details)
        // The middle of each of the two lines (ascenders and descenders reach into the other half).
        let h = frame.height
        let first = try #require(inkSpan(canvas, rows: (frame.y + h * 15 / 100)..<(frame.y + h * 35 / 100), columns: frame.x..<frame.maxX))
        let last = try #require(inkSpan(canvas, rows: (frame.y + h * 65 / 100)..<(frame.y + h * 85 / 100), columns: frame.x..<frame.maxX))
        #expect(last.1 - last.0 < (first.1 - first.0) / 2, "the second line is short")
        switch edge {
        case "right":
            #expect(abs(last.1 - first.1) <= 3 && last.0 > first.0 + 40)
        case "left":
            #expect(abs(last.0 - first.0) <= 3 && last.1 < first.1 - 40)
        default:
            #expect(abs((last.0 + last.1) - (first.0 + first.1)) <= 4)
        }
    }
}

@Suite struct SmallScreenTextTests {
    @Test func detailsLongerThanTheScreenAreCutToFit() throws {
        var c = HUDConfiguration.contrasting(.determinateHorizontalBar)
        c.label.text = "Updating"
        c.detailsLabel.text = String(repeating: "Many details that go on and on. ", count: 30)
        let canvas = try TestCanvas(c, width: 320, height: 240)
        let scene = try #require(canvas.renderer.scenes.first)
        let details = try #require(scene.details)
        #expect(details.isEllipsized)
        // The bezel keeps its margin from the screen's edges, with the bar inside it.
        let bezel = try #require(canvas.renderer.bezelFrame(id: 1))
        #expect(bezel.y >= 20 && bezel.maxY <= 220)
        let bar = try #require(canvas.renderer.indicatorFrame(id: 1))
        #expect(bezel.contains(bar))
    }
}

@Suite struct LanguageTests {
    /// Han characters shared by Chinese and Japanese take each language's
    /// glyph forms when the theme names the language.
    @Test func theLanguageChoosesCJKGlyphForms() throws {
        func render(_ language: String) throws -> TestCanvas {
            var c = HUDConfiguration.contrasting(.text)
            c.label.text = "直骨画"
            c.label.font = HUDFont(size: 40)
            var s = HUDRenderStyle()
            s.language = language
            return try TestCanvas(c, width: 320, height: 160, style: s)
        }
        let ja = try render("ja"), zh = try render("zh-CN"), ja2 = try render("ja")
        var differing = 0, repeatDiffering = 0
        for y in 0..<160 {
            for x in 0..<320 {
                if abs(ja.luma(x, y) - zh.luma(x, y)) > 64 { differing += 1 }
                if ja.luma(x, y) != ja2.luma(x, y) { repeatDiffering += 1 }
            }
        }
        #expect(differing > 50, "\(differing) pixels differ between ja and zh-CN")
        #expect(repeatDiffering == 0)
    }
}
