@_spi(Lamina) import CoreGraphics

/// Lays text out for `CATextLayer`, `UILabel` and string drawing: paragraphs shaped by
/// HarfBuzz with fallback fonts and bidirectional levels (`ParagraphShaper`), line breaking for
/// Latin and CJK text, alignment including justification, truncation, each line put in visual
/// order, and the first line at the top.
struct TextLayout {
    /// One glyph ready to draw: its font, position (baseline, y down; `rise` up from the
    /// baseline) and colour.
    struct PlacedGlyph {
        var font: CGFont
        var glyph: CGGlyph
        var size: CGFloat
        var x: CGFloat
        var baseline: CGFloat
        var rise: CGFloat = 0
        var color: CGColor
    }

    /// One character (grapheme cluster) with its shaped glyphs and advance.
    struct Cluster {
        var text: Character
        var font: CGFont
        var glyphs: [ParagraphShaper.Glyph]
        var advance: CGFloat
        var size: CGFloat
        var color: CGColor
        var ascent: CGFloat, descent: CGFloat, leading: CGFloat
        /// The bidirectional embedding level (odd: right to left).
        var level: UInt8 = 0
        var isSpace: Bool { text.isWhitespace && !text.isNewline }
        var isNewline: Bool { text.isNewline }
        var isCJK: Bool { text.unicodeScalars.contains { TextLayout.isCJK($0) } }
    }

    var glyphs: [PlacedGlyph] = []
    var lineCount = 0
    /// The size the laid-out text needs (its widest line, its lines' heights).
    var usedSize: CGSize = .zero

    /// Fonts tried, in order, for Latin-like and Han characters a font lacks (others go to
    /// fontconfig: `FontFallback`).
    static var fallbacks: [CGFont] { FontFallback.defaults }

    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F,
             0x3190...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }

    /// Characters a line may not start with (closing punctuation) or end with (opening).
    static let noBreakBefore: Set<Character> = Set("，。、；：？！）」』】〉》〕”’,.;:?!)]}%…·ー々〻ぁぃぅぇぉゃゅょっァィゥェォャュョッ")
    static let noBreakAfter: Set<Character> = Set("（「『【〈《〔“‘([{$")

    /// The clusters of `runs` in logical order, paragraph by paragraph (a newline cluster
    /// between paragraphs), and each paragraph's direction.
    static func shape(_ runs: [LaminaTextRun], direction: Bidi.Direction) -> (clusters: [Cluster], rightToLeft: [Bool]) {
        var clusters: [Cluster] = []
        var directions: [Bool] = []
        var pieces: [(text: Substring, style: ParagraphShaper.Style)] = []
        var pieceRuns: [Int] = []
        func metricsCluster(_ text: Character, font: CGFont, run: LaminaTextRun, glyphs: [ParagraphShaper.Glyph],
                            advance: CGFloat, level: UInt8) -> Cluster {
            let mk = run.size / CGFloat(max(1, font.unitsPerEm))
            return Cluster(text: text, font: font, glyphs: glyphs, advance: advance, size: run.size, color: run.color,
                           ascent: CGFloat(font.ascent) * mk, descent: CGFloat(-font.descent) * mk,
                           leading: CGFloat(font.leading) * mk, level: level)
        }
        func endParagraph() {
            let (shaped, rtl) = ParagraphShaper.shape(pieces, direction: direction)
            for c in shaped {
                clusters.append(metricsCluster(c.text, font: c.font, run: runs[pieceRuns[c.run]], glyphs: c.glyphs,
                                               advance: c.advance, level: c.level))
            }
            directions.append(rtl)
            pieces.removeAll(); pieceRuns.removeAll()
        }
        for (r, run) in runs.enumerated() {
            let style = ParagraphShaper.Style(font: run.font, size: run.size, kern: run.kern, ligatures: run.ligatures)
            var rest = Substring(run.text)
            while let nl = rest.firstIndex(where: \.isNewline) {
                if nl > rest.startIndex { pieces.append((rest[..<nl], style)); pieceRuns.append(r) }
                endParagraph()
                clusters.append(metricsCluster(rest[nl], font: run.font, run: run, glyphs: [], advance: 0,
                                               level: directions.last == true ? 1 : 0))
                rest = rest[rest.index(after: nl)...]
            }
            if !rest.isEmpty { pieces.append((rest, style)); pieceRuns.append(r) }
        }
        endParagraph()
        return (clusters, directions)
    }

    /// Lays out `runs` in a box `width` wide (nil: unbounded) and `height` tall, wrapping lines
    /// to the width when `wraps`. `direction` is the paragraphs' base writing direction.
    init(runs: [LaminaTextRun], width: CGFloat?, height: CGFloat, wraps: Bool,
         alignment: CATextLayerAlignmentMode, truncation: CATextLayerTruncationMode, maximumLines: Int = 0,
         direction: Bidi.Direction = .natural) {
        // 1. Shaped clusters with advances and metrics.
        let (clusters, paragraphRTL) = TextLayout.shape(runs, direction: direction)
        // 2. Paragraphs, then lines.
        var lines: [(clusters: ArraySlice<Cluster>, endsParagraph: Bool, rightToLeft: Bool)] = []
        var start = 0
        var paragraph = 0
        while start <= clusters.count {
            var end = start
            while end < clusters.count && !clusters[end].isNewline { end += 1 }
            let slice = clusters[start..<end]
            let rtl = paragraph < paragraphRTL.count ? paragraphRTL[paragraph] : false
            if wraps, let width {
                for line in TextLayout.wrap(slice, width: width) { lines.append((line, false, rtl)) }
                if !lines.isEmpty { lines[lines.count - 1].endsParagraph = true }
            } else {
                lines.append((slice, true, rtl))
            }
            if end >= clusters.count { break }
            start = end + 1
            paragraph += 1
        }
        // 3. Which lines fit; truncation.
        let defaultMetrics = (ascent: runs.first.map { CGFloat($0.font.ascent) * $0.size / CGFloat(max(1, $0.font.unitsPerEm)) } ?? 0,
                              descent: runs.first.map { CGFloat(-$0.font.descent) * $0.size / CGFloat(max(1, $0.font.unitsPerEm)) } ?? 0)
        func metrics(_ line: ArraySlice<Cluster>) -> (CGFloat, CGFloat, CGFloat) {
            guard !line.isEmpty else { return (defaultMetrics.ascent, defaultMetrics.descent, 0) }
            return (line.map(\.ascent).max()!, line.map(\.descent).max()!, line.map(\.leading).max()!)
        }
        var visible = lines.count
        var y: CGFloat = 0
        for (i, line) in lines.enumerated() {
            let (a, d, l) = metrics(line.clusters)
            if i > 0 && (y + a + d > height + 0.5 || (maximumLines > 0 && i >= maximumLines)) { visible = i; break }
            y += a + d + l
        }
        var truncateLast = visible < lines.count
        if visible == 0 { visible = min(1, lines.count) }
        // 4. Place glyphs, each line in visual order.
        var baselineTop: CGFloat = 0
        var widest: CGFloat = 0
        for i in 0..<visible {
            var line = Array(lines[i].clusters)
            let rtl = lines[i].rightToLeft
            let (a, d, l) = metrics(lines[i].clusters)
            let boxWidth = width ?? .infinity
            // Trailing spaces do not count toward the line's width.
            while let last = line.last, last.isSpace { line.removeLast() }
            var lineWidth = line.reduce(0) { $0 + $1.advance }
            if truncation != .none && (lineWidth > boxWidth + 0.01 || (truncateLast && i == visible - 1)) {
                line = TextLayout.truncate(line, to: boxWidth, mode: truncation, forceEllipsis: truncateLast && i == visible - 1,
                                           rightToLeft: rtl)
                lineWidth = line.reduce(0) { $0 + $1.advance }
                truncateLast = false
            }
            line = Bidi.visualOrder(line.map(\.level)).map { line[$0] }
            var x: CGFloat = 0
            let available = width ?? lineWidth
            // Natural alignment follows the paragraph's direction, as does a justified
            // paragraph's last line.
            var opens: [Bool] = []
            switch alignment {
            case .right: x = available - lineWidth
            case .center: x = (available - lineWidth) / 2
            case .justified where !lines[i].endsParagraph && width != nil:
                // Extra space goes after spaces and between characters next to CJK ones; a line
                // without such a gap (one Latin word) stays at the start, unstretched.
                // [U] CoreText's weighting of the two kinds of gap is not documented: equal here.
                opens = (0..<max(0, line.count - 1)).map { j in (rtl ? line[j + 1].isSpace : line[j].isSpace) || line[j].isCJK || line[j + 1].isCJK }
                if !opens.contains(true) && rtl { x = available - lineWidth }
            case .natural, .justified: if rtl { x = available - lineWidth }
            default: break
            }
            let gaps = opens.filter { $0 }.count
            let extraPerGap = gaps > 0 ? max(0, available - lineWidth) / CGFloat(gaps) : 0
            let baseline = baselineTop + a
            for (j, c) in line.enumerated() {
                for g in c.glyphs {
                    glyphs.append(PlacedGlyph(font: c.font, glyph: g.glyph, size: c.size, x: x + g.x, baseline: baseline,
                                              rise: g.y, color: c.color))
                }
                x += c.advance
                if j < opens.count && opens[j] { x += extraPerGap }
            }
            widest = max(widest, gaps > 0 ? available : lineWidth)
            baselineTop += a + d + l
            lineCount += 1
        }
        usedSize = CGSize(width: widest, height: baselineTop)
    }

    /// Greedy line breaking: break after spaces and between CJK characters (respecting the
    /// no-break-before/after punctuation), and inside a word only when it alone overflows.
    static func wrap(_ paragraph: ArraySlice<Cluster>, width: CGFloat) -> [ArraySlice<Cluster>] {
        var lines: [ArraySlice<Cluster>] = []
        var start = paragraph.startIndex
        guard start < paragraph.endIndex else { return [paragraph] }
        while start < paragraph.endIndex {
            var x: CGFloat = 0
            var lastBreak: Int?
            var i = start
            while i < paragraph.endIndex {
                let c = paragraph[i]
                if !c.isSpace && x + c.advance > width + 0.01 && i > start { break }
                x += c.advance
                if i + 1 < paragraph.endIndex && canBreak(after: c, before: paragraph[i + 1]) { lastBreak = i + 1 }
                i += 1
            }
            if i >= paragraph.endIndex {
                lines.append(paragraph[start..<paragraph.endIndex])
                break
            }
            let end = lastBreak.map { $0 > start ? $0 : i } ?? i
            lines.append(paragraph[start..<end])
            var next = end
            while next < paragraph.endIndex && paragraph[next].isSpace { next += 1 }
            start = next
        }
        return lines
    }

    static func canBreak(after a: Cluster, before b: Cluster) -> Bool {
        if b.isSpace { return false }
        if a.isSpace { return true }
        if noBreakBefore.contains(b.text) || noBreakAfter.contains(a.text) { return false }
        return a.isCJK || b.isCJK
    }

    /// A line (logical order) shortened to `width` with an ellipsis at the start, middle or end
    /// of the text in reading order.
    static func truncate(_ line: [Cluster], to width: CGFloat, mode: CATextLayerTruncationMode, forceEllipsis: Bool,
                         rightToLeft: Bool = false) -> [Cluster] {
        guard let model = line.first else { return line }
        var ellipsis = model
        ellipsis.text = "…"
        ellipsis.level = rightToLeft ? 1 : 0
        var font = model.font
        if !FontFallback.covers(font, "…"), let fb = fallbacks.first(where: { FontFallback.covers($0, "…") }) { font = fb }
        let g = font.glyph(for: "…")
        var a: Int32 = 0
        var gg = g
        _ = font.getGlyphAdvances(glyphs: &gg, count: 1, advances: &a)
        ellipsis.font = font
        ellipsis.glyphs = [ParagraphShaper.Glyph(glyph: g, x: 0, y: 0)]
        ellipsis.advance = CGFloat(a) * model.size / CGFloat(max(1, font.unitsPerEm))
        let total = line.reduce(0) { $0 + $1.advance }
        if total <= width && !forceEllipsis { return line }
        let budget = max(0, width - ellipsis.advance)
        switch mode {
        case .start:
            var kept: [Cluster] = [], w: CGFloat = 0
            for c in line.reversed() { if w + c.advance > budget { break }; w += c.advance; kept.insert(c, at: 0) }
            return [ellipsis] + kept
        case .middle:
            var head: [Cluster] = [], tail: [Cluster] = [], w: CGFloat = 0
            var i = 0, j = line.count - 1
            while i <= j {
                if head.count <= tail.count {
                    if w + line[i].advance > budget { break }
                    w += line[i].advance; head.append(line[i]); i += 1
                } else {
                    if w + line[j].advance > budget { break }
                    w += line[j].advance; tail.insert(line[j], at: 0); j -= 1
                }
            }
            return head + [ellipsis] + tail
        default:
            var kept: [Cluster] = [], w: CGFloat = 0
            for c in line { if w + c.advance > budget { break }; w += c.advance; kept.append(c) }
            while let last = kept.last, last.isSpace { kept.removeLast() }
            return kept + [ellipsis]
        }
    }
}
