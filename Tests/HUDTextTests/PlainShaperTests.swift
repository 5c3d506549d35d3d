import Testing
@testable import HUDText

/// `PlainShaper` against HarfBuzz itself, on the fonts the packages install
/// (Noto Sans and Serif, DejaVu): the same glyphs, clusters, advances and
/// offsets for every run it shapes, and the same line extents.
@Suite struct PlainShaperTests {
    static let fontPaths = [
        "noto/NotoSans-Regular.ttf", "noto/NotoSans-Bold.ttf", "noto/NotoSans-Italic.ttf", "noto/NotoSans-BoldItalic.ttf",
        "noto/NotoSerif-Regular.ttf", "noto/NotoSerif-Bold.ttf",
        "dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSansMono.ttf", "dejavu/DejaVuSerif.ttf",
    ].map { "/usr/share/fonts/truetype/" + $0 }

    static let texts = [
        "Updating firmware", "Configuring office fluffy waffles: ffi ffl fi fl ff", "AVAVA Ty To Tr. W. P, Yo LT \"A\" 'A'",
        "Starting services… 42 %", "“Quoted” ‘single’ „low“ «guillemets» ‹one›", "Ærøskøbing Ångström façade naïve café",
        "Łódź Žluťoučký kůň úpěl ďábelské ódy Șoseaua țară ǅ ǈ", "0123456789 ½ ¾ × ÷ ± ° µ € £ ¥ ™ © ®",
        "The quick brown fox jumps over the lazy dog", "i j ij fj ĳ Ŀl ŉ", "— – ‒ ‐ • ‰ ‹› ⁊ ⁐", "",
    ]

    /// Deterministic strings of plain characters (Latin-1, Latin Extended, punctuation).
    static func randomTexts(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x20...0x7E, 0x61...0x7A, 0xA0...0x24F, 0x2010...0x2027]
        return (0..<count).map { _ in
            let length = Int(next() % 24) + 1
            var s = ""
            for _ in 0..<length {
                let r = ranges[Int(next() % UInt64(ranges.count))]
                let c = r.lowerBound + UInt32(next() % UInt64(r.count))
                if TextParagraph.plainScript(c) != nil, let u = Unicode.Scalar(c) { s.unicodeScalars.append(u) }
            }
            return s
        }
    }

    @Test func plainRunsAreHarfBuzzsRuns() throws {
        #expect(TextLibraries.tryLoadShaping() == nil)
        let catalog = try FontCatalog(recordedListPath: "/nonexistent/fonts.list")
        var plain = 0, deferred = 0, kerned = 0
        for path in Self.fontPaths {
            let chain = FontChain(catalog: catalog, files: [FontFile(path: path)])
            guard let face = chain.primary else {
                Issue.record("\(path) does not open")
                continue
            }
            for text in Self.texts + Self.randomTexts(count: 150) {
                let paragraph = TextParagraph(scalars: text.unicodeScalars.map(\.value), chain: chain)
                #expect(paragraph.isPlain, "\(text)")
                for range in paragraph.runs(in: 0..<paragraph.scalars.count) where paragraph.faces[range.lowerBound] === face {
                    for points in [9.0, 13.5, 17, 24, 61.25] {
                        let theirs = ShapedRun.harfBuzz(paragraph, range: range, face: face, points: points, language: "")
                        guard let ours = ShapedRun.plain(paragraph, range: range, face: face, points: points) else {
                            deferred += 1
                            continue
                        }
                        plain += 1
                        let same = ours.count == theirs.count && zip(ours, theirs).allSatisfy {
                            $0.id == $1.id && $0.cluster == $1.cluster && $0.advance == $1.advance
                                && $0.xOffset == $1.xOffset && $0.yOffset == $1.yOffset
                        }
                        #expect(same, "\(path) \(points) pt: \"\(text)\"\n ours \(ours.map { ($0.id, $0.cluster, $0.advance) })\n hb   \(theirs.map { ($0.id, $0.cluster, $0.advance) })")
                        let unkerned = ShapedRun.unshaped(paragraph, range: range, face: face, points: points)
                        if ours.count == unkerned.count, zip(ours, unkerned).contains(where: { $0.advance != $1.advance }) { kerned += 1 }
                    }
                }
            }
        }
        // Most runs are plain, and kerning really happened in some.
        #expect(plain > 4 * deferred, "plain \(plain), deferred \(deferred)")
        #expect(kerned > 100, "kerned \(kerned)")
    }

    @Test func theLabelsOfABootArePlainInNotoSans() throws {
        let catalog = try FontCatalog(recordedListPath: "/nonexistent/fonts.list")
        let chain = FontChain(catalog: catalog, files: [FontFile(path: Self.fontPaths[0])])
        let face = try #require(chain.primary)
        for text in ["Updating firmware", "Configuring office fluffy waffles", "Starting services… 42 %", "AVAVA"] {
            let paragraph = TextParagraph(scalars: text.unicodeScalars.map(\.value), chain: chain)
            #expect(ShapedRun.plain(paragraph, range: 0..<paragraph.scalars.count, face: face, points: 17) != nil, "\(text)")
        }
    }

    @Test func textWithMarksOrRightToLeftIsNotPlain() throws {
        let catalog = try FontCatalog(recordedListPath: "/nonexistent/fonts.list")
        let chain = FontChain(catalog: catalog, files: [FontFile(path: Self.fontPaths[0])])
        for text in ["e\u{301}", "שלום", "1\u{2044}2", "soft\u{AD}hyphen", "a\u{200D}b", "ไทย"] {
            #expect(!TextParagraph(scalars: text.unicodeScalars.map(\.value), chain: chain).isPlain, "\(text)")
        }
        #expect(!TextParagraph(scalars: [0x41], chain: chain, rightToLeft: true).isPlain)
    }

    /// The labels of the themes and galleries, laid out and rasterised both
    /// ways (wrapped, cut with "…", centred), at scales 1 and 2: the same pixels.
    @Test func labelsAreHarfBuzzsPixels() throws {
        let catalog = try FontCatalog(recordedListPath: "/nonexistent/fonts.list")
        let labels = [
            "Updating firmware", "Loading", "Starting services…", "Installing updates", "Done", "Failed", "Restarting",
            "Step 2 of 3", "From Plymouth", "Verifying the image (42 %)", "AVAVA Ty To Tr. W. office fluffy waffles",
            "Configuring the kiosk's display and its touchscreen, then rebooting into the new firmware",
            "Überprüfe Dateisystem – bitte warten", "Mise à jour du micrologiciel « système »",
        ]
        var differing = 0
        for weight in [FontWeight.regular, .bold] {
            let request = FontRequest(family: "sans-serif", weight: weight)
            for text in labels {
                for points in [13.0, 17] {
                    func layout(_ plain: Bool) -> TextLayout {
                        TextLayout(text: text, request: request, points: points, catalog: catalog, maximumWidth: 180,
                                   maximumLines: 2, alignment: .center, plainShaping: plain)
                    }
                    let ours = layout(true), theirs = layout(false)
                    #expect(ours.width == theirs.width && ours.height == theirs.height && ours.lineCount == theirs.lineCount,
                            "\(text) \(points) pt \(weight)")
                    for scale in [1.0, 2] {
                        let a = ours.mask(scale: scale), b = theirs.mask(scale: scale)
                        if a.width != b.width || a.height != b.height || a.coverage != b.coverage {
                            differing += 1
                            Issue.record("\(text) \(points) pt \(weight) scale \(scale): the masks differ")
                        }
                    }
                }
            }
        }
        #expect(differing == 0)
    }

    @Test func lineExtentsAreHarfBuzzs() throws {
        let catalog = try FontCatalog(recordedListPath: "/nonexistent/fonts.list")
        for path in Self.fontPaths {
            let face = try #require(FontChain(catalog: catalog, files: [FontFile(path: path)]).primary)
            for points in [9.0, 13.5, 17, 24, 61.25] {
                let ours = face.lineExtents(points: points)
                let theirs = try #require(face.harfBuzzLineExtents(points: points))
                #expect(ours.ascent == theirs.ascent && ours.descent == theirs.descent, "\(path) \(points): \(ours) \(theirs)")
            }
        }
    }
}
