import HUDCore
internal import CText

/// A label laid out without Pango: paragraphs at its newlines, bidi levels by
/// FriBidi, each character in the first font of the chain that has it,
/// shaped by HarfBuzz, wrapped at words (and between CJK characters, inside
/// Thai words by libthai's dictionary, within a word only when it alone is
/// wider than the line), cut with "…" past its line limit, lines aligned in
/// a column. Sizes in points.
public final class TextLayout {
    /// One line, its glyphs placed left to right from its start.
    struct Line {
        struct Placed {
            let face: FontFace
            let id: UInt32
            let x: Double
            /// Down from the baseline.
            let y: Double
        }
        var glyphs: [Placed]
        var width: Double
        var ascent: Double
        var descent: Double
        var rightToLeft: Bool
    }

    public let maximumWidth: Double
    public let alignment: TextAlignment
    public let points: Double
    /// Width of the widest line and height of all lines, rounded up to whole points.
    public private(set) var width: Double = 0
    public private(set) var height: Double = 0
    /// The width lines are aligned in (≥ `width` unless wider than the maximum).
    public private(set) var columnWidth: Double = 0
    public private(set) var isEllipsized = false
    /// Characters no font had (drawn as the first font's missing-glyph box).
    public private(set) var unknownGlyphCount = 0
    /// The first paragraph's direction.
    public private(set) var isRightToLeft = false
    private var lines: [Line] = []
    private let catalog: FontCatalog
    private let plainShaping: Bool

    public var lineCount: Int { lines.count }

    /// - Parameters:
    ///   - maximumLines: 0 for any number; past it the last line ends in "…".
    public convenience init(text: String, request: FontRequest, points: Double, catalog: FontCatalog, maximumWidth: Double,
                            maximumLines: Int = 0, alignment: TextAlignment = .center) {
        self.init(text: text, request: request, points: points, catalog: catalog, maximumWidth: maximumWidth,
                  maximumLines: maximumLines, alignment: alignment, plainShaping: true)
    }

    /// - Parameter plainShaping: false shapes every run with HarfBuzz (tests hold both to the same pixels).
    init(text: String, request: FontRequest, points: Double, catalog: FontCatalog, maximumWidth: Double,
         maximumLines: Int, alignment: TextAlignment, plainShaping: Bool) {
        self.plainShaping = plainShaping
        self.maximumWidth = maximumWidth
        self.alignment = alignment
        self.points = min(max(points, 0.1), 1000)
        let chain = catalog.chain(for: request)
        let language = request.language
        self.catalog = catalog
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map { p in
            TextParagraph(scalars: p.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? 0x20 : $0.value },
                          chain: chain)
        }
        isRightToLeft = paragraphs.first?.isRightToLeft ?? false
        let limit = maximumLines > 0 ? maximumLines : Int.max
        let hyphenWidth = line(TextParagraph(scalars: [Self.hyphen], chain: chain), range: 0..<1, language: language).width
        for (p, paragraph) in paragraphs.enumerated() {
            let shaped = paragraph.runs(in: 0..<paragraph.scalars.count).map {
                ShapedRun(paragraph, range: $0, points: self.points, language: language, plain: plainShaping,
                          onMissingShaping: catalog.noteMissingShaping)
            }
            var advances = [Double](repeating: 0, count: paragraph.scalars.count)
            var clusterStarts = [Bool](repeating: false, count: paragraph.scalars.count)
            for run in shaped {
                for g in run.glyphs {
                    advances[g.cluster] += g.advance
                    clusterStarts[g.cluster] = true
                    if g.id == 0 { unknownGlyphCount += 1 }
                }
            }
            let wrapped = Self.wrap(paragraph.scalars, advances: advances, clusterStarts: clusterStarts, width: maximumWidth,
                                    hyphenWidth: hyphenWidth)
            for (k, (range, insideWord)) in wrapped.enumerated() {
                let lastAllowed = lines.count == limit - 1
                let more = k < wrapped.count - 1 || p < paragraphs.count - 1
                if lastAllowed && more {
                    lines.append(ellipsized(paragraph, from: range.lowerBound, advances: advances, clusterStarts: clusterStarts,
                                            chain: chain, language: language))
                    isEllipsized = true
                    break
                }
                if insideWord {
                    // A word wider than the line, broken between letters: a hyphen ends the part (as Pango does).
                    let part = Array(paragraph.scalars[range]) + [Self.hyphen]
                    let hyphenated = TextParagraph(scalars: part, chain: chain, rightToLeft: paragraph.isRightToLeft)
                    lines.append(line(hyphenated, range: 0..<part.count, language: language))
                } else {
                    lines.append(line(paragraph, range: Self.trimmed(paragraph.scalars, range), language: language))
                }
            }
            if isEllipsized { break }
        }
        width = (lines.map(\.width).max() ?? 0).rounded(.up)
        height = lines.reduce(0) { $0 + $1.ascent + $1.descent }.rounded(.up)
        if lines.isEmpty, let face = chain.primary {
            let e = face.lineExtents(points: self.points)
            height = (e.ascent + e.descent).rounded(.up)
        }
        columnWidth = min(width, maximumWidth)
    }

    /// Aligns lines within `column` points (at least the widest line, at most the wrap width). Never re-wraps.
    public func setColumnWidth(_ column: Double) {
        columnWidth = min(max(column, width), maximumWidth)
    }

    static let hyphen: UInt32 = 0x2D

    /// Lines as ranges of `s`: greedy, at the last break opportunity before the
    /// ink passes `width`, or inside a word (at a cluster, leaving room for a
    /// hyphen between letters) that alone is wider. `insideWord`: the line ends
    /// inside a word, between two letters.
    static func wrap(_ s: [UInt32], advances: [Double], clusterStarts: [Bool], width: Double,
                     hyphenWidth: Double = 0) -> [(range: Range<Int>, insideWord: Bool)] {
        let breaks = LineBreaks.opportunities(in: s)
        func isLetter(_ c: UInt32) -> Bool { Unicode.Scalar(c)?.properties.isAlphabetic ?? false }
        var lines: [(range: Range<Int>, insideWord: Bool)] = []
        var start = 0
        while start < s.count {
            var pen = 0.0, ink = 0.0, lastBreak = -1, end = s.count, insideWord = false
            var i = start
            while i < s.count {
                if i > start, breaks[i] { lastBreak = i }
                pen += advances[i]
                if !LineBreaks.isSpace(s[i]) { ink = pen }
                if ink > width + 0.001, i > start {
                    if lastBreak > start {
                        end = lastBreak
                    } else {
                        // The longest part of the word that fits with its hyphen.
                        var j = i, part = pen - advances[i]
                        while j > start + 1, !clusterStarts[j] || part + hyphenWidth > width + 0.001 {
                            j -= 1
                            part -= advances[j]
                        }
                        end = max(j, start + 1)
                        insideWord = isLetter(s[end - 1]) && end < s.count && isLetter(s[end]) && !LineBreaks.isIdeographic(s[end])
                    }
                    break
                }
                i += 1
            }
            lines.append((start..<end, insideWord))
            start = end
        }
        if lines.isEmpty { lines.append((0..<0, false)) }
        return lines
    }

    /// `range` without the spaces at its end.
    static func trimmed(_ s: [UInt32], _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, LineBreaks.isSpace(s[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    /// One line: its runs shaped, then put in visual order (UAX #9 rule L2: from the
    /// highest level down, every sequence of runs at or above it reversed).
    private func line(_ paragraph: TextParagraph, range: Range<Int>, language: String) -> Line {
        var runs = paragraph.runs(in: range).map {
            ShapedRun(paragraph, range: $0, points: points, language: language, plain: plainShaping,
                      onMissingShaping: catalog.noteMissingShaping)
        }
        if let highest = runs.map(\.level).max() {
            let lowestOdd = runs.map(\.level).filter { $0 & 1 == 1 }.min() ?? highest + 1
            var level = highest
            while level >= lowestOdd, level > 0 {
                var i = 0
                while i < runs.count {
                    guard runs[i].level >= level else { i += 1; continue }
                    var j = i
                    while j < runs.count, runs[j].level >= level { j += 1 }
                    runs[i..<j].reverse()
                    i = j
                }
                level -= 1
            }
        }
        var placed: [Line.Placed] = []
        var pen = 0.0, ascent = 0.0, descent = 0.0
        for run in runs {
            guard let face = run.face else { continue }
            let e = face.lineExtents(points: points)
            ascent = max(ascent, e.ascent)
            descent = max(descent, e.descent)
            for g in run.glyphs {
                placed.append(Line.Placed(face: face, id: g.id, x: pen + g.xOffset, y: -g.yOffset))
                pen += g.advance
            }
        }
        if runs.isEmpty, let face = paragraph.faces.first ?? nil {
            let e = face.lineExtents(points: points)
            ascent = e.ascent
            descent = e.descent
        }
        return Line(glyphs: placed, width: pen, ascent: ascent, descent: descent, rightToLeft: paragraph.isRightToLeft)
    }

    /// The last allowed line: the rest of its paragraph from `start`, cut at a
    /// cluster so that it and "…" fit the width, as Pango's ELLIPSIZE_END.
    private func ellipsized(_ paragraph: TextParagraph, from start: Int, advances: [Double], clusterStarts: [Bool],
                            chain: FontChain, language: String) -> Line {
        let ellipsis: UInt32 = 0x2026
        let mark = TextParagraph(scalars: [ellipsis], chain: chain, rightToLeft: paragraph.isRightToLeft)
        let markWidth = line(mark, range: 0..<1, language: language).width
        let s = paragraph.scalars
        var end = s.count
        var ink = (start..<end).reduce(0) { $0 + advances[$1] }
        while end > start {
            let cut = Self.trimmed(s, start..<end)
            ink = (cut).reduce(0) { $0 + advances[$1] }
            if ink + markWidth <= maximumWidth + 0.001, end == s.count || clusterStarts[end] { break }
            end -= 1
        }
        let kept = Array(s[Self.trimmed(s, start..<end)]) + [ellipsis]
        let cut = TextParagraph(scalars: kept, chain: chain, rightToLeft: paragraph.isRightToLeft)
        return line(cut, range: 0..<kept.count, language: language)
    }

    /// The lines' coverage at `scale` device pixels per point: each line at its
    /// alignment in the column, baselines on whole pixels, glyphs at quarter pixels.
    public func mask(scale: Double) -> TextMask {
        let pixels = points * scale
        let padding = Int((pixels * 0.5).rounded(.up)) + 1
        let w = Int((columnWidth * scale).rounded(.up)) + 2 * padding
        let h = Int((height * scale).rounded(.up)) + 2 * padding
        var coverage = [UInt8](repeating: 0, count: w * h)
        var top = 0.0
        for line in lines {
            let x0: Double
            switch alignment {
            case .center: x0 = (columnWidth - line.width) / 2
            case .natural: x0 = line.rightToLeft ? columnWidth - line.width : 0
            }
            let baseline = ((top + line.ascent) * scale).rounded() + Double(padding)
            for g in line.glyphs {
                let x = (x0 + g.x) * scale + Double(padding)
                var whole = x.rounded(.down)
                var phase = Int(((x - whole) * Double(FontFace.subpixelPhases)).rounded())
                if phase == FontFace.subpixelPhases { phase = 0; whole += 1 }
                guard let b = g.face.bitmap(glyph: g.id, pixels: pixels, phase: phase) else { continue }
                let ox = Int(whole) + b.left, oy = Int((baseline + g.y * scale).rounded()) - b.top
                for by in 0..<b.height {
                    let y = oy + by
                    guard y >= 0, y < h else { continue }
                    for bx in 0..<b.width {
                        let x = ox + bx
                        guard x >= 0, x < w else { continue }
                        let c = b.coverage[by * b.width + bx]
                        guard c != 0 else { continue }
                        let k = y * w + x
                        coverage[k] = UInt8(min(255, Int(coverage[k]) + Int(c)))
                    }
                }
            }
            top += line.ascent + line.descent
        }
        return TextMask(width: w, height: h, padding: padding, coverage: coverage)
    }
}
