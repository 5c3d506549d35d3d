import HUDCore
import Testing
@testable import HUDRender

/// The app draws its own picture with Cairo (`ContentCanvas.drawWithCairo`):
/// paths and fills land on the pixels they name, and labels come from the
/// project's text stack (shaped, fallback fonts, right to left).
@Suite struct ContentDrawingTests {
    func rgb(_ picture: ContentPicture, _ x: Int, _ y: Int) -> UInt32 { picture.pixels.pixel(x: x, y: y) & 0xFF_FFFF }

    @Test func fillsAndStrokesLandOnTheirPixels() throws {
        let picture = try ContentPicture(width: 120, height: 80)
        picture.draw { canvas in
            try? canvas.drawWithCairo { cairo in
                cairo.setColor(HUDColor(red: 0x20 / 255, green: 0x40 / 255, blue: 0x80 / 255))
                cairo.rectangle(HUDRect(x: 10, y: 10, width: 30, height: 20))
                cairo.fill()
                cairo.setColor(HUDColor(red: 1, green: 0.5, blue: 0))
                cairo.setLineWidth(2)
                cairo.move(toX: 60, y: 41)
                cairo.line(toX: 110, y: 41)
                cairo.stroke()
                cairo.setColor(HUDColor(red: 1, green: 1, blue: 1))
                cairo.roundedRectangle(HUDRect(x: 60, y: 50, width: 40, height: 24), radius: 10)
                cairo.fill()
            }
            return [canvas.bounds]
        }
        #expect(rgb(picture, 10, 10) == 0x204080)
        #expect(rgb(picture, 39, 29) == 0x204080)
        #expect(rgb(picture, 40, 30) == 0x000000, "the fill ran past its rectangle")
        #expect(rgb(picture, 9, 10) == 0x000000)
        #expect(rgb(picture, 80, 40) == 0xFF8000 && rgb(picture, 80, 41) == 0xFF8000)
        #expect(rgb(picture, 80, 39) == 0x000000 && rgb(picture, 80, 42) == 0x000000, "a 2-pixel line is 2 pixels")
        #expect(rgb(picture, 80, 62) == 0xFFFFFF && rgb(picture, 60, 62) == 0xFFFFFF, "the rounded rectangle's middle and straight edge")
        #expect(rgb(picture, 60, 50) == 0x000000 && rgb(picture, 99, 73) == 0x000000, "its corners are cut")
    }

    @Test func labelsAreShapedTextInsideTheirBox() throws {
        let picture = try ContentPicture(width: 400, height: 120)
        var latin: ContentText?, arabic: ContentText?, japanese: ContentText?
        try picture.draw { canvas in
            try canvas.drawWithCairo { cairo in
                cairo.setColor(HUDColor(red: 1, green: 1, blue: 1))
                cairo.paint()
                let l = try cairo.layOut("Kiosk menu", font: HUDFont(size: 24))
                try cairo.draw(l, x: 10, y: 10, color: HUDColor(red: 0, green: 0, blue: 0))
                latin = l
                arabic = try cairo.layOut("القائمة الرئيسية", font: HUDFont(size: 24), language: "ar")
                try cairo.draw(arabic!, x: 10, y: 60, color: HUDColor(red: 0, green: 0, blue: 0))
                japanese = try cairo.layOut("メニュー", font: HUDFont(size: 24), language: "ja")
            }
            return [canvas.bounds]
        }
        let l = try #require(latin)
        #expect(l.width > 60 && l.height > 20 && l.unknownGlyphCount == 0)
        #expect(try #require(arabic).isRightToLeft)
        #expect(try #require(japanese).unknownGlyphCount == 0, "no fallback font gave the Japanese its glyphs")
        // Dark pixels inside the Latin label's box, none between it and the Arabic one.
        var inside = 0, between = 0
        for y in 0..<120 {
            for x in 0..<400 {
                let dark = rgb(picture, x, y) & 0xFF < 0x40
                if x >= 10, x < 10 + Int(l.width.rounded(.up)) + 2, y >= 10, y < 10 + Int(l.height.rounded(.up)) + 2 {
                    if dark { inside += 1 }
                } else if y >= 10 + Int(l.height.rounded(.up)) + 2, y < 58, dark {
                    between += 1
                }
            }
        }
        #expect(inside > 100, "the label drew \(inside) dark pixels")
        #expect(between == 0, "\(between) dark pixels outside the labels")
    }
}
